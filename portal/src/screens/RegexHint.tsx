import type { RegexCheck } from '../lib/regex';

/** The live verdict on the regex being typed. */
export function RegexHint({ check }: { check: RegexCheck }) {
  switch (check.state) {
    case 'empty':
      return <span>A path pattern starting with /, e.g. /images/.*\.png</span>;
    case 'invalid':
      return <span className="hint-error">{check.message}</span>;
    case 'valid':
      return check.matchesEverything ? (
        <span className="hint-warning">
          This matches every path: all content of the delivery service will be revalidated, which may load its origin heavily.
        </span>
      ) : (
        <span className="hint-ok">Valid regex.</span>
      );
  }
}
