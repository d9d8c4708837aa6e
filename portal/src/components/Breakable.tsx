import { Fragment } from 'react';

/**
 * A URL, host name or regex that may wrap only after its separators (`/`, `.`, `?`, `&`), so a narrow screen
 * shows `http://ds1-origin.example.test/` + `images/.*` rather than a few letters per line. Short text stays one
 * text node (grids render thousands of these).
 */
export function Breakable({ text }: { text: string }) {
  if (text.length <= 24) return <span className="breakable">{text}</span>;
  const parts = text.split(/(?<=[/.?&])(?=[^/.?&])/);
  return (
    <span className="breakable">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
