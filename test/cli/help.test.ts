import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { bashScript, commandTree, fishScript, zshScript } from '../../cli/commands/common/completion-script.js';
import { buildProgram } from '../../cli/program.js';
import { Cli } from '../helpers/cli.js';
import { useCliDaemon } from '../helpers/cli-daemon.js';

function allCommands(command: Command): Command[] {
  return [command, ...command.commands.flatMap(allCommands)];
}

function helpOf(command: Command): string {
  let text = '';
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  command.outputHelp();
  return text;
}

describe('--help', () => {
  it('every command and noun has a description and an example', () => {
    const commands = allCommands(buildProgram());
    expect(commands.length).toBeGreaterThan(40);
    for (const command of commands) {
      const help = helpOf(command);
      expect(command.description(), command.name()).not.toBe('');
      expect(help, `cdnctl ${command.name()} --help`).toMatch(/\nExamples?:\n {2}[^\n]*\bcdnctl\b/);
    }
  });

  it('the built cdnctl shows help with the global flags, and with no arguments prints help (exit 0)', async () => {
    const cli = new Cli({ configDir: '/nonexistent-config', dataDir: '/nonexistent-data' });
    const help = await cli.run(['origins', 'create', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--fqdn <fqdn>');
    expect(help.stdout).toContain('Global Options:');
    expect(help.stdout).toContain('--api-version <version>');
    expect(help.stdout).toContain('cdnctl origins create --name acme-vod-origin2');
    const bare = await cli.run([]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain('Usage: cdnctl [options] [command]');
    expect(bare.stdout).toMatch(/origins\s+The origin servers/);
  });
});

describe('cdnctl completion', () => {
  const tree = commandTree(buildProgram());

  /** What bash completes for a command line (words after `cdnctl`), through the generated script. */
  function complete(words: string[]): string[] {
    const dir = mkdtempSync(join(tmpdir(), 'cdnctl-completion-'));
    try {
      const file = join(dir, 'cdnctl.bash');
      writeFileSync(file, bashScript(tree));
      const line = ['cdnctl', ...words].map((w) => `'${w}'`).join(' ');
      const run = spawnSync(
        'bash',
        [
          '-c',
          `source ${file}; COMP_WORDS=(${line}); COMP_CWORD=${words.length}; _cdnctl; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        {
          encoding: 'utf8',
        },
      );
      expect(run.stderr).toBe('');
      return run.stdout.split('\n').filter(Boolean);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("bash completes nouns, verbs, nested nouns and flags (the verb's and the global ones)", () => {
    expect(complete(['or'])).toEqual(['origins']);
    expect(complete(['origins', ''])).toEqual(['list', 'get', 'create', 'update', 'delete']);
    expect(complete(['federations', 'users', ''])).toEqual(['list', 'add', 'remove']);
    expect(complete(['--server', 'http://x', 'users', 'me', ''])).toEqual(['update']);
    const flags = complete(['origins', 'list', '--']);
    expect(flags).toEqual(
      expect.arrayContaining(['--ds', '--primary', '--no-primary', '--server', '--output', '--help']),
    );
    expect(complete(['purge', '--dr'])).toEqual(['--dry-run']);
  });

  it('zsh loads the bash completion through bashcompinit; fish gets each command with its description', () => {
    expect(zshScript(tree)).toMatch(/^#compdef cdnctl\n[\s\S]*bashcompinit[\s\S]*complete -F _cdnctl cdnctl\n$/);
    const fish = fishScript(tree);
    expect(fish).toContain(
      "complete -c cdnctl -n '__cdnctl_at origins' -a list -d 'List origins, optionally filtered'",
    );
    expect(fish).toContain("complete -c cdnctl -n '__cdnctl_at purge' -l ttl -r -d");
    expect(fish).toContain("complete -c cdnctl -n '__cdnctl_at federations users' -a add");
  });

  it('the built cdnctl prints each script, and refuses an unknown shell (exit 2)', async () => {
    const cli = new Cli({ configDir: '/nonexistent-config', dataDir: '/nonexistent-data' });
    const bash = await cli.run(['completion', 'bash']);
    expect(bash.code).toBe(0);
    expect(bash.stdout).toBe(bashScript(commandTree(buildProgram())));
    expect((await cli.run(['completion', 'fish'])).stdout).toContain('function __cdnctl_path');
    expect((await cli.run(['completion', 'tcsh'])).code).toBe(2);
  });
});

describe('start-up stays light', () => {
  const { daemon, cli } = useCliDaemon({ login: 'admin' });

  it('origins list -o json runs from the bundle and loads neither Ink, React, conf, yaml nor chalk', async () => {
    const loads = join(daemon.root, 'loads.txt');
    writeFileSync(loads, '');
    const hook = new URL('./fixtures/record-loads.mjs', import.meta.url).pathname;
    const result = await cli.run(['origins', 'list', '-o', 'json'], {
      nodeArgs: ['--import', hook],
      env: { CDNCTL_LOADS_FILE: loads },
    });
    expect(result.code, result.stderr).toBe(0);
    const urls = readFileSync(loads, 'utf8');
    expect(urls).toContain('/dist/bundle/main.js');
    // The bundle holds the CLI's own modules: none is loaded from its own file.
    expect(urls).not.toMatch(/\/dist\/(cli|shared|agent)\//);
    for (const heavy of ['ink', 'react', 'conf', 'ajv', 'yaml', 'chalk']) {
      expect(urls, heavy).not.toMatch(new RegExp(`/node_modules/${heavy}/`));
    }
  });
});
