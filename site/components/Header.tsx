import { useEffect, useId, useState } from 'react';
import { config } from '../config';
import { Link } from '../router';
import { SECTION_LINKS } from '../sections';
import { useScrolled } from '../useScrolled';
import { External } from './External';
import { Wordmark } from '../../ui/Wordmark';

export function Header() {
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);
  const links = (onPick?: () => void) =>
    SECTION_LINKS.map((link) => (
      <li key={link.to}>
        <Link to={link.to} onClick={onPick}>
          {link.label}
        </Link>
      </li>
    ));

  return (
    <header className="site-header" data-scrolled={scrolled}>
      <div className="header-inner">
        <Link to="#home" className="brand" aria-label={`${config.brand.name}, back to the top`}>
          <Wordmark />
        </Link>
        <nav aria-label="Main" className="desktop-nav">
          <ul>{links()}</ul>
        </nav>
        <External href={config.dashboardUrl} className="button button-primary desktop-cta">
          Get Started
        </External>
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">Menu</span>
          <svg
            viewBox="0 0 24 24"
            width="24"
            height="24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      <nav id={menuId} aria-label="Mobile" className="mobile-menu" hidden={!menuOpen}>
        <ul>{links(close)}</ul>
        <External href={config.dashboardUrl} className="button button-primary" onClick={close}>
          Get Started
        </External>
      </nav>
    </header>
  );
}
