/** The header line every generated file starts with; it names the generator, not the content. */
const GENERATED_HEADER = /^# DO NOT EDIT\b/;

/** The text that matters for a change: a file's lines without the generated header (which may name a time). */
export function significant(text: string): string {
  return text
    .split('\n')
    .filter((line) => !GENERATED_HEADER.test(line))
    .join('\n');
}

export interface FileChange {
  name: string;
  /** Null: the file is new. */
  before: string | null;
  after: string;
}

/**
 * The files to write: those whose significant text differs from what is on disk (or that are missing there), in
 * name order. Files on disk the server no longer lists are left alone (ATS may need them; Traffic Ops' tools
 * never deleted either).
 */
export function changedFiles(
  onDisk: ReadonlyMap<string, string | null>,
  wanted: ReadonlyMap<string, string>,
): FileChange[] {
  const changes: FileChange[] = [];
  for (const [name, after] of [...wanted].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const before = onDisk.get(name) ?? null;
    if (before === null || significant(before) !== significant(after)) changes.push({ name, before, after });
  }
  return changes;
}

/** The longest-common-subsequence table of two line lists, from the end (small files: quadratic is fine). */
function lcs(a: readonly string[], b: readonly string[]): number[][] {
  const t = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      t[i][j] = a[i] === b[j] ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
    }
  }
  return t;
}

/** A plain line diff of one change: `--- name`/`+++ name`, then `-` removed, `+` added lines (no context). */
export function lineDiff(change: FileChange): string {
  const a = change.before === null ? [] : change.before.replace(/\n$/, '').split('\n');
  const b = change.after.replace(/\n$/, '').split('\n');
  const t = lcs(a, b);
  const out = [`--- ${change.before === null ? '/dev/null' : `a/${change.name}`}`, `+++ b/${change.name}`];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || t[i + 1][j] >= t[i][j + 1])) {
      out.push(`-${a[i++]}`);
    } else {
      out.push(`+${b[j++]}`);
    }
  }
  return `${out.join('\n')}\n`;
}
