import { NAV_LINKS, sectionOf } from '../lib/router';
import { Link } from './Link';

/** The top bar: the sections, the signed-in user (to their profile) and log out. */
export function Nav({ path, username, onLogOut }: { path: string; username: string; onLogOut: () => void }) {
  const section = sectionOf(path);
  return (
    <header className="topbar">
      <Link to="/" className="brand">
        cdnctl
      </Link>
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
    </header>
  );
}
