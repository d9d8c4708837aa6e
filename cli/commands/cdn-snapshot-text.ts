import type { CrConfig, SectionDiff, SnapshotDiff } from '../../shared/contract/crconfig.js';
import type { Paint } from '../output/colors.js';

/** The CRConfig's sections a summary counts, in the order it shows them. */
const SECTIONS = [
  'contentServers',
  'contentRouters',
  'monitors',
  'deliveryServices',
  'edgeLocations',
  'trafficRouterLocations',
] as const;

/** `cdnctl cdns snapshot`'s summary: when, by whom, and how many records of each section. */
export function snapshotFields(doc: CrConfig): Array<[string, unknown]> {
  const date = doc.stats.date;
  return [
    ['CDN', doc.stats.CDN_name ?? ''],
    ['Published', date === undefined ? 'never' : new Date(date * 1000).toISOString()],
    ['By', doc.stats.tm_user ?? ''],
    ...SECTIONS.map((s): [string, unknown] => [s, Object.keys(doc[s] ?? {}).length]),
    ['config keys', Object.keys(doc.config ?? {}).length],
  ];
}

function sectionLines(name: string, d: SectionDiff, paint: Paint): string[] {
  if (d.added.length + d.removed.length + d.changed.length === 0) return [];
  return [
    `  ${paint.bold(name)}`,
    ...d.added.map((k) => paint.green(`    + ${k}`)),
    ...d.removed.map((k) => paint.red(`    - ${k}`)),
    ...d.changed.map((k) => paint.yellow(`    ~ ${k}`)),
  ];
}

function part(title: string, sections: Record<string, SectionDiff>, paint: Paint): string[] {
  const lines = Object.entries(sections).flatMap(([name, d]) => sectionLines(name, d, paint));
  return lines.length ? [paint.bold(title), ...lines] : [];
}

/** The diff as git shows one: + added (green), - removed (red), ~ changed (yellow), per section. */
export function diffText(diff: SnapshotDiff, paint: Paint): string {
  const head = diff.published ? `CDN ${diff.cdn}: published ${diff.published}` : `CDN ${diff.cdn}: never published`;
  if (!diff.pending) return `${head}\nNo pending changes: the published configuration is current.`;
  return [
    head,
    ...part('CRConfig (Traffic Router)', diff.crconfig, paint),
    ...part('Monitoring configuration (Traffic Monitor)', diff.monitoring, paint),
  ].join('\n');
}
