import { Link } from '../components/Link';
import { PageHeader } from '../components/PageHeader';

export function NotFoundScreen({ path }: { path: string }) {
  return (
    <section>
      <PageHeader title="Page not found" />
      <p>
        The portal has no page at <code>{path}</code>. <Link to="/">Back to the overview</Link>.
      </p>
    </section>
  );
}
