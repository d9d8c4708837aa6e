import { PAGE_SIZES, type GridState } from './model';

/** Previous / next page and the page size. */
export function GridPager({
  page,
  pages,
  size,
  onChange,
}: {
  page: number;
  pages: number;
  size: number;
  onChange: (patch: Partial<GridState>) => void;
}) {
  return (
    <div className="grid-pager">
      <button
        type="button"
        className="small secondary"
        disabled={page <= 1}
        onClick={() => onChange({ page: page - 1 })}
      >
        Previous
      </button>
      <span className="muted">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="small secondary"
        disabled={page >= pages}
        onClick={() => onChange({ page: page + 1 })}
      >
        Next
      </button>
      <label className="grid-size">
        Rows per page{' '}
        <select value={size} onChange={(e) => onChange({ size: Number(e.target.value) })}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
