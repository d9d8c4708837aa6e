import { useEffect } from 'react';
import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  // Each page names its tab (issue 33 item 4): "Servers · cdnctl", not "cdnctl portal" everywhere.
  useEffect(() => {
    document.title = `${title} · cdnctl`;
  }, [title]);
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children ? <div className="page-actions">{children}</div> : null}
    </div>
  );
}
