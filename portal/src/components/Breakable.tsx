import { Fragment } from 'react';

/**
 * A URL, host name or regex that may wrap only after its separators (`/`, `.`, `?`, `&`, `=`, `-`), so a narrow
 * screen shows `http://ds1-origin.example.test/` + `images/.*` rather than a few letters per line.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[/.?&=_-])/);
  return (
    <span className="breakable">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
