import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPlugin } from '../../../daemon/atsconfig/plugin.js';
import { createAtsRoot, startAts, type AtsInstance } from './ats-instance.js';

/** The profile parameter that enables ATS's stats_over_http plugin at `/_stats` (plugin.config, issue 35). */
export const STATS_PLUGIN_PARAM = { name: 'stats_over_http.so', configFile: 'plugin.config', value: '_stats' };

/**
 * A real ATS 9.2 with stats_over_http, as a health monitor polls it: the smallest records/storage/ip_allow, no
 * remap rule, and the plugin.config that cdnctl generates for a profile with STATS_PLUGIN_PARAM (so the generated
 * line is what ATS loads). `stop()` also removes its config dir.
 */
export async function startStatsAts(hostName: string, port: number): Promise<AtsInstance> {
  const configDir = mkdtempSync(join(tmpdir(), `cdnctl-stats-etc-${hostName}-`));
  const root = createAtsRoot(`stats-${hostName}`);
  const plugin = renderPlugin({
    server: { hostName, profile: 'EDGE_STATS' } as Parameters<typeof renderPlugin>[0]['server'],
    params: [STATS_PLUGIN_PARAM],
    version: 'test',
  });
  const files: Record<string, string> = {
    'records.config': [
      'CONFIG proxy.config.url_remap.remap_required INT 1',
      'CONFIG proxy.config.reverse_proxy.enabled INT 1',
      'CONFIG proxy.config.exec_thread.autoconfig INT 0',
      'CONFIG proxy.config.exec_thread.limit INT 1',
      '',
    ].join('\n'),
    'storage.config': `${join(root, 'cache')} 64M\n`,
    'remap.config': '',
    'plugin.config': plugin,
    'regex_revalidate.config': '',
    'ip_allow.yaml': 'ip_allow:\n  - apply: in\n    ip_addrs: 127.0.0.1\n    action: allow\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(configDir, name), text);
  const ats = await startAts(configDir, { root, port });
  return {
    ...ats,
    stop: async () => {
      await ats.stop();
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}
