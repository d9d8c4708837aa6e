/** What a valid (or still empty) regex means; errors are the field's own (see PurgeForm). */
export function RegexHint({ regex, matchesEverything }: { regex: string; matchesEverything: boolean }) {
  if (regex === '') return <span>A path pattern starting with /, e.g. /images/.*\.png</span>;
  return matchesEverything ? (
    <span className="hint-warning">
      This matches every path: all content of the delivery service will be revalidated, which may load its origin
      heavily.
    </span>
  ) : (
    <span className="hint-ok">Valid regex.</span>
  );
}
