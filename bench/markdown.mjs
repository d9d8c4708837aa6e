#!/usr/bin/env node
// Prints bench/results/latest.json as the Markdown table docs/benchmarks.md shows.
import { readFileSync } from 'node:fs';
import { formatMarkdown } from './lib/report.mjs';
import { growthTable } from './lib/scale.mjs';

const report = JSON.parse(readFileSync(new URL('./results/latest.json', import.meta.url), 'utf8'));
const { machine, loadAverage } = report;
// Scale cases last, by size; the growth table lists each size's two lists.
const size = (c) => Number(/^scale ([\d,]+)/.exec(c.name)?.[1].replaceAll(',', '') ?? 0);
const cases = [...report.cases].sort((a, b) => size(a) - size(b));
const growth = cases.filter((c) => c.figures?.records !== undefined);
process.stdout.write(`${formatMarkdown(cases.filter((c) => !growth.includes(c)))}\n\n`);
if (growth.length > 0) process.stdout.write(`${growthTable(growth)}\n\n`);
process.stdout.write(
  `${report.date.slice(0, 10)}, ${machine.cpus} × ${machine.cpuModel}, ${Math.round(machine.memoryMb / 1024)} GB, ` +
    `Node ${machine.node}, ${machine.os}; load average ${loadAverage.atStart} at the start, ${report.seconds} s.\n`,
);
