import type { GridColumn } from './model';

/** Which columns show, in the grid's own order; the last visible one cannot be taken away. */
export function ColumnPicker<T>({
  columns,
  shown,
  onChange,
}: {
  columns: GridColumn<T>[];
  shown: GridColumn<T>[];
  onChange: (cols: string[] | null) => void;
}) {
  const visible = new Set(shown.map((c) => c.id));
  const toggle = (id: string) => {
    const next = new Set(visible);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    const ids = columns.filter((c) => next.has(c.id)).map((c) => c.id);
    const defaults = columns.filter((c) => !c.hidden).map((c) => c.id);
    onChange(ids.join(',') === defaults.join(',') ? null : ids);
  };
  return (
    <details className="column-picker">
      <summary>Columns</summary>
      <div className="column-menu" role="group" aria-label="Columns">
        {columns.map((c) => (
          <label key={c.id} className="check">
            <input
              type="checkbox"
              checked={visible.has(c.id)}
              disabled={visible.has(c.id) && visible.size === 1}
              onChange={() => toggle(c.id)}
            />
            {c.header}
          </label>
        ))}
      </div>
    </details>
  );
}
