// The benchmark's output: a table on stdout and bench/results/latest.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, release, totalmem, type } from 'node:os';
import { dirname } from 'node:path';

export function machineInfo() {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model ?? 'unknown',
    memoryMb: Math.round(totalmem() / 1024 / 1024),
    node: process.version,
    os: `${type()} ${release()} ${arch()}`,
  };
}

/** The 1-minute load average, rounded: other work on the machine lowers every figure. */
export const currentLoad = () => Math.round(loadavg()[0] * 10) / 10;

/** A warning when the machine was busy before the run started, else null. */
export function busyWarning(loadAtStart, cpuCount) {
  if (loadAtStart < cpuCount / 2) return null;
  return `the machine was busy when the run started (load ${loadAtStart} on ${cpuCount} CPUs): figures are lower than on an idle machine`;
}

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => (n >= 10 ? `${Math.round(n)}` : `${Math.round(n * 10) / 10}`);

/** A load result as one phrase: req/s, p50, p99, errors. */
export function loadSummary(load) {
  const cpu = load.cpuUsPerRequest === undefined ? '' : `, ${int(load.cpuUsPerRequest)} µs CPU/req`;
  // Other processes' CPU while the case ran, when it was enough to matter.
  const others = (load.otherCpuPercent ?? 0) >= 10 ? ` [other processes: ${load.otherCpuPercent}% CPU]` : '';
  return `${int(load.reqPerSec)} req/s, p50 ${ms(load.p50)} ms, p99 ${ms(load.p99)} ms, ${int(load.errors)} errors${cpu}${others}`;
}

/** The result column: PASS, FAIL, or n/a for a case that could not run. */
export function verdict(c) {
  if (c.available === false) return 'n/a';
  if (c.target === 'reference') return '—';
  return c.pass ? 'pass' : 'FAIL';
}

/** Fixed-width table of the cases: name, figures, target, verdict. */
export function formatTable(cases) {
  const rows = [
    ['case', 'figures', 'target', 'result'],
    ...cases.map((c) => [c.name, c.summary, c.target, verdict(c)]),
  ];
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  const line = (row) =>
    row
      .map((cell, col) => cell.padEnd(widths[col]))
      .join('  ')
      .trimEnd();
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** The same table in Markdown, for the README's Benchmarks section. */
export function formatMarkdown(cases) {
  const escape = (text) => text.replaceAll('|', '\\|');
  return [
    '| case | figures | target | result |',
    '|---|---|---|---|',
    ...cases.map((c) => `| ${escape(c.name)} | ${escape(c.summary)} | ${escape(c.target)} | ${verdict(c)} |`),
  ].join('\n');
}

/**
 * Writes the report, merged into the one already there: a case measured now replaces the case of the same name,
 * the others stay (each case carries its own date), so runs of some cases (`--only`, `--scale`) add up to one file.
 */
export function writeResults(file, report) {
  mkdirSync(dirname(file), { recursive: true });
  let previous = [];
  try {
    previous = JSON.parse(readFileSync(file, 'utf8')).cases ?? [];
  } catch {
    previous = [];
  }
  const dated = report.cases.map((c) => ({ ...c, date: report.date, loadAverage: report.loadAverage }));
  const fresh = new Map(dated.map((c) => [c.name, c]));
  const merged = previous.map((c) => fresh.get(c.name) ?? c);
  for (const c of dated) if (!previous.some((p) => p.name === c.name)) merged.push(c);
  writeFileSync(file, `${JSON.stringify({ ...report, cases: merged }, null, 2)}\n`);
}
