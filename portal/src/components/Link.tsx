import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from '../hooks/navigation';

/** An in-app link: a real href (open in a new tab works), moved to without a page load. */
export function Link({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
