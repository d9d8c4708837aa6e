import { Fragment } from 'react';
import { useNarrow } from '../hooks/useNarrow';

/**
 * A URL, host name or regex that may wrap only after its separators (`/`, `.`, `?`, `&`), so a narrow screen
 * shows `http://ds1-origin.example.test/` + `images/.*` rather than a few letters per line. On a wide screen, and
 * for short text, it stays one text node: grids render many of these and wide cells keep to one line anyway.
 */
export function Breakable({ text }: { text: string }) {
  const narrow = useNarrow();
  if (!narrow || text.length <= 24) return <span className="breakable">{text}</span>;
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
