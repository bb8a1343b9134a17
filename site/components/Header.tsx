import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
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
  const toggle = useRef<HTMLButtonElement>(null);

  // Esc closes the menu and puts focus back on its button, as a tap on the backdrop does.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);
  const dismiss = () => {
    setMenuOpen(false);
    toggle.current?.focus();
  };
  // Tabbing out of the header, past the menu's last link, closes it: focus never goes behind the backdrop.
  const leave = (event: FocusEvent<HTMLElement>) => {
    if (menuOpen && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close();
  };
  const links = (onPick?: () => void) =>
    SECTION_LINKS.map((link) => (
      <li key={link.to}>
        <Link to={link.to} onClick={onPick}>
          {link.label}
        </Link>
      </li>
    ));

  return (
    <>
      <header className="site-header" data-scrolled={scrolled} onBlur={leave}>
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
            ref={toggle}
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
      {/* The page behind the open menu, dimmed: a tap on it closes the menu (the menu's button and Esc do too). */}
      <div className="menu-backdrop" hidden={!menuOpen} aria-hidden="true" onClick={dismiss} />
    </>
  );
}
