import type { Command } from 'commander';
import { SETTINGS, configFile, isSettingKey, updateConfig, type ConfigData } from '../auth/config.js';
import { normalizeServerUrl } from '../auth/server-url.js';
import { CliError, EXIT } from '../errors.js';
import { messageOutput, tableOutput } from '../output/format.js';
import { renderTextTable } from '../output/table.js';
import type { Invocation } from './common/invocation.js';
import { addNoun, addVerb, type VerbSpec } from './common/verb.js';

const KEYS = [...Object.keys(SETTINGS), 'current-context'];
const DEFAULTS: Record<string, string> = { output: 'table', timeout: '15' };

function unknownKey(key: string): CliError {
  return new CliError(`unknown setting "${key}"`, EXIT.USAGE, `settings: ${KEYS.join(', ')}`);
}

function section(title: string, headers: string[], rows: string[][]): string[] {
  if (rows.length === 0) return [`${title}: none`];
  return [`${title}:`, ...renderTextTable(headers, rows, Infinity).map((line) => `  ${line}`)];
}

/** The whole config as text: settings, contexts (current one starred) and where sessions live. */
function describe(inv: Invocation, data: ConfigData): string {
  const settings = Object.keys(SETTINGS).map((key) => {
    const value = data.settings?.[key as keyof typeof SETTINGS];
    return [key, value === undefined ? `${DEFAULTS[key] ?? ''} (default)`.trim() : String(value)];
  });
  const contexts = Object.entries(data.contexts ?? {}).map(([name, c]) => [
    name === data.currentContext ? `* ${name}` : `  ${name}`,
    c.server,
    c.apiVersion ?? '',
  ]);
  const sessions = Object.entries(data.sessions ?? {}).map(([server, s]) => [server, s.username, s.store, s.savedAt]);
  return [
    `config file: ${configFile(inv.configDir)}`,
    `current-context: ${data.currentContext ?? '(none: the local daemon)'}`,
    ...section('settings', ['KEY', 'VALUE'], settings),
    ...section('contexts', ['  NAME', 'SERVER', 'API'], contexts),
    ...section('sessions', ['SERVER', 'USER', 'STORED IN', 'SAVED'], sessions),
  ].join('\n');
}

const listVerb: VerbSpec<object> = {
  name: 'list',
  description: 'Show the settings, contexts and stored sessions (never the cookies)',
  examples: ['cdnctl config list', 'cdnctl config list -o json'],
  run: async (inv) => {
    const data = inv.config;
    const safe = {
      currentContext: data.currentContext ?? null,
      settings: data.settings ?? {},
      contexts: data.contexts ?? {},
      sessions: data.sessions ?? {},
    };
    return messageOutput(safe, describe(inv, data));
  },
};

const getVerb: VerbSpec<object> = {
  name: 'get <key>',
  description: `Print one setting (${KEYS.join(', ')})`,
  examples: ['cdnctl config get output', 'cdnctl config get current-context'],
  run: async (inv, [key]: string[]) => {
    let value: string | undefined;
    if (key === 'current-context') value = inv.config.currentContext;
    else if (isSettingKey(key)) value = inv.config.settings?.[key]?.toString() ?? DEFAULTS[key];
    else throw unknownKey(key);
    if (value === undefined) throw new CliError(`${key} is not set`, EXIT.ERROR);
    return messageOutput(value, value);
  },
};

const setVerb: VerbSpec<object> = {
  name: 'set <key> <value>',
  description: `Change a setting: ${Object.entries(SETTINGS)
    .map(([k, s]) => `${k} (${s.describe})`)
    .join('; ')}`,
  examples: ['cdnctl config set output json', 'cdnctl config set timeout 30'],
  run: async (inv, [key, text]: string[]) => {
    if (key === 'current-context')
      throw new CliError('set the current context with: cdnctl config use-context NAME', EXIT.USAGE);
    if (!isSettingKey(key)) throw unknownKey(key);
    const value = SETTINGS[key].parse(text);
    if (value instanceof Error) throw new CliError(value.message, EXIT.USAGE);
    await updateConfig(inv.configDir, (data) => {
      data.settings = { ...data.settings, [key]: value };
    });
    return messageOutput({ [key]: value }, `${key} = ${value}`);
  },
};

const unsetVerb: VerbSpec<object> = {
  name: 'unset <key>',
  description: 'Return a setting to its default',
  examples: ['cdnctl config unset output'],
  run: async (inv, [key]: string[]) => {
    if (!isSettingKey(key)) throw unknownKey(key);
    await updateConfig(inv.configDir, (data) => {
      if (data.settings) delete data.settings[key];
    });
    return messageOutput({ [key]: null }, `${key} unset`);
  },
};

const setContextVerb: VerbSpec<object> = {
  name: 'set-context <name>',
  description: 'Name a server (with the global --server, and --api-version when it serves less than 1.3)',
  examples: [
    'cdnctl config set-context prod --server https://to.example.net',
    'cdnctl config set-context old --server https://to-old.example.net --api-version 1.2',
  ],
  run: async (inv, [name]: string[]) => {
    const server = inv.globals.server ?? inv.config.contexts?.[name]?.server;
    if (!server)
      throw new CliError(
        `context "${name}" needs a server`,
        EXIT.USAGE,
        `cdnctl config set-context ${name} --server https://…`,
      );
    const url = normalizeServerUrl(server);
    if (!url) throw new CliError(`--server is not an http(s) URL: "${server}"`, EXIT.USAGE);
    const apiVersion = inv.globals.apiVersion ?? inv.config.contexts?.[name]?.apiVersion;
    await updateConfig(inv.configDir, (data) => {
      data.contexts = { ...data.contexts, [name]: apiVersion ? { server: url, apiVersion } : { server: url } };
    });
    if (inv.config.currentContext !== name)
      inv.printer.note(`use it with: cdnctl config use-context ${name} (or --context ${name})`);
    return messageOutput(
      { name, server: url, apiVersion: apiVersion ?? null },
      `context ${name}: ${url}${apiVersion ? ` (API ${apiVersion})` : ''}`,
    );
  },
};

const useContextVerb: VerbSpec<object> = {
  name: 'use-context <name>',
  description: 'Make a context the default server ("none" goes back to the local daemon)',
  examples: ['cdnctl config use-context prod', 'cdnctl config use-context none'],
  run: async (inv, [name]: string[]) => {
    if (name !== 'none' && !inv.config.contexts?.[name]) {
      throw new CliError(
        `no context named "${name}"`,
        EXIT.ERROR,
        'add it with: cdnctl config set-context NAME --server URL',
      );
    }
    await updateConfig(inv.configDir, (data) => {
      if (name === 'none') delete data.currentContext;
      else data.currentContext = name;
    });
    return messageOutput(
      { currentContext: name === 'none' ? null : name },
      name === 'none' ? 'no current context: the local daemon' : `current context: ${name}`,
    );
  },
};

interface ContextRow {
  name: string;
  server: string;
  apiVersion: string | null;
  current: boolean;
}

const getContextsVerb: VerbSpec<object> = {
  name: 'get-contexts',
  list: true,
  description: 'List the named contexts; the current one is starred',
  examples: ['cdnctl config get-contexts', 'cdnctl config get-contexts -o json'],
  run: async (inv) => {
    const data = inv.config;
    const rows: ContextRow[] = Object.entries(data.contexts ?? {}).map(([name, c]) => ({
      name,
      server: c.server,
      apiVersion: c.apiVersion ?? null,
      current: name === data.currentContext,
    }));
    return tableOutput(
      rows,
      rows,
      [
        { header: 'CURRENT', value: (r) => (r.current ? '*' : '') },
        { header: 'NAME', value: (r) => r.name },
        { header: 'SERVER', value: (r) => r.server },
        { header: 'API', value: (r) => r.apiVersion },
      ],
      'No contexts; add one with: cdnctl config set-context NAME --server URL',
    );
  },
};

const currentContextVerb: VerbSpec<object> = {
  name: 'current-context',
  description: 'Print the name of the current context (exit 1 when there is none: commands use the local daemon)',
  examples: ['cdnctl config current-context'],
  run: async (inv) => {
    const name = inv.config.currentContext;
    if (!name)
      throw new CliError(
        'no current context: commands use the local daemon',
        EXIT.ERROR,
        'choose one with: cdnctl config use-context NAME',
      );
    return messageOutput(name, name);
  },
};

/** `cdnctl config get|set|unset|list|set-context|use-context|get-contexts|current-context`. */
export function registerConfig(program: Command): void {
  const config = addNoun(program, 'config', 'Settings and named server contexts (stored with conf in the config dir)', [
    'cdnctl config list',
    'cdnctl config set-context prod --server https://to.example.net && cdnctl config use-context prod',
  ]);
  addVerb(config, listVerb);
  addVerb(config, getVerb);
  addVerb(config, setVerb);
  addVerb(config, unsetVerb);
  addVerb(config, setContextVerb);
  addVerb(config, useContextVerb);
  addVerb(config, getContextsVerb);
  addVerb(config, currentContextVerb);
}
