import { useSyncExternalStore } from 'react';
import { config } from '../config';
import { Link } from '../router';
import { QUICK_LINKS } from '../sections';
import { External } from './External';
import { Wordmark } from '../../ui/Wordmark';

const noSubscription = () => () => {};
const currentYear = () => new Date().getFullYear();
// The prerendered page carries the build's year; hydration starts from it, then shows today's.
const builtYear = () => __BUILD_YEAR__;

export function Footer() {
  const year = useSyncExternalStore(noSubscription, currentYear, builtYear);
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <div className="footer-brand">
          <Link to="/name" className="footer-wordmark" aria-label={`${config.brand.name}: about our name`}>
            <Wordmark />
          </Link>
          <p>
            {config.brand.tagline}. A product of {config.brand.parent}.
          </p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="footer-heading">Quick links</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="footer-heading">Legal</h2>
          <ul>
            <li>
              <Link to="/terms">Terms and Conditions</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">Contact</h2>
          <p>
            <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
          </p>
          <ul className="social">
            <li>
              <External href={config.social.linkedin}>LinkedIn</External>
            </li>
            <li>
              <External href={config.social.instagram}>Instagram</External>
            </li>
            <li>
              <External href={config.social.youtube}>YouTube</External>
            </li>
          </ul>
        </div>
      </div>
      <p className="copyright">
        © {year} {config.brand.parent}. All rights reserved.
      </p>
    </footer>
  );
}
