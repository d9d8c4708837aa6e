import { Link } from './Link';

/** One number on the overview: undefined while loading, null when the API refused it. */
export function CountCard({ label, to, count }: { label: string; to: string; count: number | null | undefined }) {
  return (
    <Link to={to} className="card">
      <span className="card-count">
        {count === undefined ? '…' : count === null ? '—' : count.toLocaleString('en-US')}
      </span>
      <span className="card-label">{label}</span>
    </Link>
  );
}
