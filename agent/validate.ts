import { parse } from 'yaml';

/** The directives a remap.config line may start with (ATS 9). */
const REMAP_DIRECTIVES =
  /^(map|map_with_recv_port|map_with_referer|reverse_map|redirect|redirect_temporary|regex_map|regex_map_with_recv_port|regex_redirect|regex_redirect_temporary|\.include|\.definefilter|\.deactivatefilter|\.activatefilter|\.deletefilter)\b/;
const RECORD_LINE = /^(CONFIG|LOCAL)\s+\S+\s+(INT|STRING|FLOAT|COUNTER)\s+\S.*$/;

const content = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

function problemOf(name: string, text: string): string | null {
  if (text.includes('\0')) return 'holds a NUL byte';
  if (name.endsWith('.yaml')) {
    try {
      parse(text);
    } catch (err) {
      return `is not valid YAML: ${(err as Error).message.split('\n')[0]}`;
    }
    return null;
  }
  if (name === 'remap.config') {
    const bad = content(text).find((l) => !REMAP_DIRECTIVES.test(l));
    return bad === undefined ? null : `has a line that is no remap rule: ${bad}`;
  }
  if (name === 'records.config') {
    const bad = content(text).find((l) => !RECORD_LINE.test(l));
    return bad === undefined ? null : `has a line that is no record: ${bad}`;
  }
  return null;
}

/**
 * Checks fetched files before any is written: a file name must be a plain name (nothing that leaves the
 * config directory), YAML must parse, remap.config and records.config lines must have their forms. Answers
 * the problems found, one line each; none means the set may be installed.
 */
export function validateFiles(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [name, text] of files) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) {
      problems.push(`${JSON.stringify(name)}: not a plain file name`);
      continue;
    }
    const problem = problemOf(name, text);
    if (problem) problems.push(`${name} ${problem}`);
  }
  return problems;
}
