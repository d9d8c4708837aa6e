import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ANSI } from '../helpers/cli.js';
import { useCliDaemon } from '../helpers/cli-daemon.js';
import { runInTerminal } from '../helpers/terminal.js';

const { daemon, cli } = useCliDaemon({ login: 'admin' });

describe('one printer for every command', () => {
  it('-o yaml prints the same data as -o json', async () => {
    const json = await cli.json(['ds', 'list']);
    const yaml = await cli.run(['ds', 'list', '-o', 'yaml']);
    expect(yaml.code).toBe(0);
    expect(parse(yaml.stdout)).toEqual(json);
  });

  it('tables fit the width (cells cut with …); -o wide shows every column uncut', async () => {
    const narrow = await cli.run(['ds', 'list'], { env: { COLUMNS: '60' } });
    const lines = narrow.stdout.trimEnd().split('\n');
    expect(lines.length).toBe(4);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(narrow.stdout).toContain('…');
    const wide = await cli.run(['ds', 'list', '-o', 'wide'], { env: { COLUMNS: '60' } });
    expect(wide.stdout).toContain('https://ds2-origin.example.test:8443');
    expect(wide.stdout.split('\n')[0]).toMatch(/TENANT\s+TYPE\s+ROUTING NAME\s+PROFILE$/);
  });

  it('alerts go to stderr and data to stdout, so -o json pipes cleanly', async () => {
    const result = await cli.run([
      'origins',
      'create',
      '--name',
      'piped',
      '--fqdn',
      'piped.example.test',
      '--protocol',
      'http',
      '--ds',
      'ds3',
      '-o',
      'json',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'piped' });
    expect(result.stderr).toBe('origin was created.\n');
  });

  it('writes no ANSI codes when stdout is not a terminal, even with FORCE_COLOR', async () => {
    const result = await cli.run(['origins', 'list'], { env: { FORCE_COLOR: '3' } });
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toMatch(ANSI);
  });

  it('on a terminal, colors the table header, and NO_COLOR or --no-color turn color off', async () => {
    const colored = await runInTerminal(daemon, ['cdns', 'list']);
    expect(colored.code).toBe(0);
    expect(colored.output).toMatch(/\u001b\[1mID\s+NAME/);
    const noColorEnv = await runInTerminal(daemon, ['cdns', 'list'], [], { NO_COLOR: '1' });
    expect(noColorEnv.output).toMatch(/ID\s+NAME/);
    expect(noColorEnv.output).not.toMatch(ANSI);
    const noColorFlag = await runInTerminal(daemon, ['cdns', 'list', '--no-color']);
    expect(noColorFlag.output).toMatch(/ID\s+NAME/);
    expect(noColorFlag.output).not.toMatch(ANSI);
  });

  it('global flags work before and after the subcommand', async () => {
    const before = await cli.run(['-o', 'json', '--api-version', '1.1', 'users', 'me']);
    const after = await cli.run(['users', 'me', '-o', 'json', '--api-version', '1.1']);
    expect(before.code).toBe(0);
    expect(JSON.parse(before.stdout)).toEqual(JSON.parse(after.stdout));
    expect(JSON.parse(after.stdout)).not.toHaveProperty('tenant');
    const server = await cli.run(['--server', daemon.url, 'whoami']);
    expect(server.stdout).toContain('admin on');
  });
});
