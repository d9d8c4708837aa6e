import { expect, test } from 'vitest';
import { renderPlugin } from '../../../daemon/atsconfig/plugin.js';
import { STATS_PLUGIN_PARAM } from '../../helpers/ats/stats-ats.js';
import { pairContexts } from './contexts.js';

/*
 * Issue 35: a profile asks for the stats endpoint a health monitor polls with a `plugin.config` parameter named
 * after the plugin, as Traffic Control's profiles did (`astats_over_http.so`); Debian's ATS ships
 * stats_over_http, whose argument is the path (`_stats`). test/monitor/monitors-ats.test.ts runs the line on a
 * real ATS.
 */
test('a profile with stats_over_http.so gets the plugin line after regex_revalidate; without, none', () => {
  const base = pairContexts().edge;
  const lines = (params: typeof base.params) =>
    renderPlugin({ ...base, params })
      .split('\n')
      .slice(1);
  expect(lines([STATS_PLUGIN_PARAM])).toEqual([
    'regex_revalidate.so --config regex_revalidate.config',
    'stats_over_http.so _stats',
    '',
  ]);
  expect(lines([{ name: 'astats_over_http.so', configFile: 'plugin.config', value: '' }])).toContain(
    'astats_over_http.so',
  );
  expect(lines([]).join('\n')).not.toMatch(/stats_over_http/);
  // A parameter of another file (the monitor's poll URL) enables nothing.
  expect(lines([{ ...STATS_PLUGIN_PARAM, configFile: 'rascal.properties' }]).join('\n')).not.toMatch(/stats/);
});
