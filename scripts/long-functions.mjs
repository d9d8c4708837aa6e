#!/usr/bin/env node
// Lists the functions of the tracked sources that are longer than a limit (default 40 lines), longest first:
//   node scripts/long-functions.mjs [--limit N] [--json]
// A function is counted from its first line to its last, nested functions included (a component's inline
// callbacks count towards it). test/hygiene/long-functions.test.ts holds the sources to 60 lines (named exceptions
// aside); the STYLE.md aim is ~40, which this lists.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The source folders; tests, benchmarks and scripts are not held to the limit. */
export const SOURCE_DIRS = ['shared', 'cli', 'agent', 'daemon', 'portal/src', 'bin'];

/** The tracked .ts/.tsx files under the source folders. */
export function sourceFiles(root = ROOT) {
  const out = execFileSync('git', ['ls-files', '--', ...SOURCE_DIRS], { cwd: root, encoding: 'utf8' });
  return out.split('\n').filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
}

function nameOf(node, sf) {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText(sf);
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(sf).slice(0, 40)})`;
  return '(anonymous)';
}

/** Every function of one file with its length in lines. */
export function functionsOf(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      found.push({ file, name: nameOf(node, sf), line: start, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The functions of the sources longer than `limit` lines, longest first. */
export function longFunctions(limit = 40, root = ROOT) {
  const all = sourceFiles(root).flatMap((file) => functionsOf(file, readFileSync(`${root}/${file}`, 'utf8')));
  return all.filter((f) => f.lines > limit).sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--limit');
  const limit = i > 0 ? Number(process.argv[i + 1]) : 40;
  const long = longFunctions(limit);
  if (process.argv.includes('--json')) console.log(JSON.stringify(long, null, 2));
  else for (const f of long) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
}
