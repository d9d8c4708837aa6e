import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

/*
 * Issue 32, finding 2: a remap.config naming a plugin ATS does not have was written and reported as applied, and
 * ATS logged "remap.config failed to load" (a cache restarted with it does not serve at all). The agent checks
 * that every plugin the files name exists before it writes anything.
 */

/** A plugin a file names: the file, and the plugin as written (a bare name resolves in ATS's plugin dir). */
export interface NamedPlugin {
  file: string;
  plugin: string;
}

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

/** The plugins remap.config (`@plugin=<so>`) and plugin.config (each line's first word) name, in order. */
export function namedPlugins(files: ReadonlyMap<string, string>): NamedPlugin[] {
  const named: NamedPlugin[] = [];
  const remap = files.get('remap.config');
  if (remap !== undefined) {
    for (const line of lines(remap))
      for (const match of line.matchAll(/@plugin=(\S+)/g)) named.push({ file: 'remap.config', plugin: match[1] });
  }
  const plugins = files.get('plugin.config');
  if (plugins !== undefined) {
    for (const line of lines(plugins)) named.push({ file: 'plugin.config', plugin: line.split(/\s+/)[0] });
  }
  return named;
}

/** One problem line per plugin a file names that is not in `pluginDir` (or at its absolute path). */
export function missingPlugins(
  files: ReadonlyMap<string, string>,
  pluginDir: string,
  exists: (path: string) => boolean = existsSync,
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { file, plugin } of namedPlugins(files)) {
    const path = isAbsolute(plugin) ? plugin : join(pluginDir, plugin);
    const key = `${file}\0${path}`;
    if (seen.has(key) || exists(path)) continue;
    seen.add(key);
    problems.push(`${file} names plugin ${plugin}, which ATS does not have (no ${path})`);
  }
  return problems;
}

/** One directory of `traffic_layout info --json` (under the TS_RUNROOT in `env`), or null when it cannot tell. */
function layoutDir(key: 'PLUGINDIR' | 'LOGDIR', env: NodeJS.ProcessEnv): string | null {
  try {
    const out = execFileSync('traffic_layout', ['info', '--json'], { env, timeout: 10_000, stdio: 'pipe' });
    const dir = (JSON.parse(out.toString()) as Record<string, unknown>)[key];
    return typeof dir === 'string' && dir !== '' ? dir : null;
  } catch {
    return null;
  }
}

/** ATS's plugin directory as `traffic_layout info --json` reports it (PLUGINDIR), or null. */
export const atsPluginDir = (env: NodeJS.ProcessEnv = process.env): string | null => layoutDir('PLUGINDIR', env);

/** ATS's log directory (LOGDIR: diags.log, where ATS says what it made of a reload), or null. */
export const atsLogDir = (env: NodeJS.ProcessEnv = process.env): string | null => layoutDir('LOGDIR', env);
