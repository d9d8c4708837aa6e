/** No `any` in the tracked TypeScript: the type checker finds every `any` keyword, in code only (not in comments). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIRS = ['shared', 'cli', 'agent', 'daemon', 'portal/src', 'portal/vite.config.ts', 'bin', 'scripts', 'test', 'bench'];

function trackedTypeScript(): string[] {
  const out = execFileSync('git', ['ls-files', '--', ...DIRS], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter((f) => /\.(ts|tsx|mts)$/.test(f));
}

/** `file:line` of each `any` type in one source text. */
export function anyTypesIn(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('no any', () => {
  it('finds an any type where there is one, and not in comments or strings', () => {
    expect(anyTypesIn('x.ts', 'let a: any; const b = c as any; type D = Array<any>; function f(e: any[]) {}')).toHaveLength(4);
    expect(anyTypesIn('x.ts', '// any: any\nconst s = "as any"; /* <any> */ const any = 1;')).toEqual([]);
  });

  it('no tracked TypeScript file of the sources, scripts or tests declares an any type', () => {
    const files = trackedTypeScript();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => anyTypesIn(file, readFileSync(`${ROOT}/${file}`, 'utf8')));
    expect(found).toEqual([]);
  });
});
