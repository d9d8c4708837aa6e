import { useEffect, useState } from 'react';
import { NAV_LINKS, sectionOf } from '../lib/router';
import { Link } from './Link';

/**
 * The top bar: the sections, the signed-in user (to their profile) and log out. On a narrow screen the sections
 * and the user fold behind a Menu button, and fold again once a section is chosen.
 */
export function Nav({ path, username, onLogOut }: { path: string; username: string; onLogOut: () => void }) {
  const section = sectionOf(path);
  const [open, setOpen] = useState(false);
  const pathname = path.split('?')[0];
  useEffect(() => setOpen(false), [pathname]);
  return (
    <header className={open ? 'topbar open' : 'topbar'}>
      <Link to="/" className="brand">
        cdnctl
      </Link>
      <button
        type="button"
        className="menu-button secondary"
        aria-expanded={open}
        aria-controls="topbar-menu"
        onClick={() => setOpen(!open)}
      >
        Menu
      </button>
      <div className="topbar-menu" id="topbar-menu">
        <nav aria-label="Sections">
          {NAV_LINKS.map((link) => (
            <Link key={link.path} to={link.path} className={link.path === section ? 'nav-link active' : 'nav-link'}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="topbar-user">
          <Link to="/me" className={section === '/me' ? 'nav-link active' : 'nav-link'}>
            {username}
          </Link>
          <button type="button" className="link-button" onClick={onLogOut}>
            Log out
          </button>
        </div>
      </div>
    </header>
  );
}
