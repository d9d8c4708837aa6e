import { describe, expect, it } from 'vitest';
import { missingPlugins, namedPlugins } from '../../agent/plugins.js';

const files = new Map([
  [
    'remap.config',
    [
      '# @plugin=commented.so is no rule',
      'map http://a.test/ http://o.test/ @plugin=header_rewrite.so @pparam=hdr.config @plugin=gone.so',
      'map http://b.test/ http://o.test/ @plugin=/opt/ats/custom.so',
      'map http://c.test/ http://o.test/ @plugin=gone.so',
    ].join('\n'),
  ],
  ['plugin.config', '# comment\nregex_revalidate.so -c regex_revalidate.config\n\nmissing_global.so\n'],
  ['records.config', 'CONFIG proxy.config.x INT 1\n'],
]);

describe('the plugins a set of files names', () => {
  it('lists remap.config @plugin= values and plugin.config first words, in order, skipping comments', () => {
    expect(namedPlugins(files).map((p) => `${p.file}:${p.plugin}`)).toEqual([
      'remap.config:header_rewrite.so',
      'remap.config:gone.so',
      'remap.config:/opt/ats/custom.so',
      'remap.config:gone.so',
      'plugin.config:regex_revalidate.so',
      'plugin.config:missing_global.so',
    ]);
  });

  it('reports each plugin not in the plugin dir once, resolving bare names there and absolute paths as they are', () => {
    const have = new Set(['/mods/header_rewrite.so', '/mods/regex_revalidate.so']);
    expect(missingPlugins(files, '/mods', (p) => have.has(p))).toEqual([
      'remap.config names plugin gone.so, which ATS does not have (no /mods/gone.so)',
      'remap.config names plugin /opt/ats/custom.so, which ATS does not have (no /opt/ats/custom.so)',
      'plugin.config names plugin missing_global.so, which ATS does not have (no /mods/missing_global.so)',
    ]);
  });

  it('finds nothing missing when every plugin is there', () => {
    expect(missingPlugins(files, '/mods', () => true)).toEqual([]);
  });
});
