// The site's routes on the router it shares with the desk (../ui/router.tsx), with what is the site's own:
// links to the landing page's sections, from any route.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  Link as AppLink,
  Router as AppRouter,
  useRouter as useAppRouter,
  type LinkProps as AppLinkProps,
} from '../ui/router';

interface RouterValue {
  path: string;
  navigate(to: string): void;
  /** Scrolls to a landing section, going to `/` first from another route. */
  goToSection(anchor: string): void;
}

const SiteContext = createContext<RouterValue | null>(null);

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls a section into view: smoothly, unless the visitor asked for less motion. */
export function scrollToAnchor(anchor: string): boolean {
  const target = document.getElementById(anchor.replace(/^#/, ''));
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  return true;
}

/** Five routes and the landing's sections. `path` is given when there is no `location` (the prerender step renders each route in Node). */
export function Router({ children, path }: { children: ReactNode; path?: string }) {
  return (
    <AppRouter href={path}>
      <Sections>{children}</Sections>
    </AppRouter>
  );
}

function Sections({ children }: { children: ReactNode }) {
  const { location, navigate: go } = useAppRouter();
  const path = location.pathname;
  // A section asked for from another route: scrolled to once `/` has been drawn (the router's own business).
  const pendingAnchor = useRef<string | null>(null);

  const navigate = useCallback(
    (to: string) => {
      if (to !== window.location.pathname) go(to);
    },
    [go],
  );

  const goToSection = useCallback(
    (anchor: string) => {
      if (window.location.pathname === '/') scrollToAnchor(anchor);
      else {
        pendingAnchor.current = anchor;
        navigate('/');
      }
    },
    [navigate],
  );

  // Effects run after the route's own render is committed: the section is in the page by now.
  useEffect(() => {
    if (path !== '/' || !pendingAnchor.current) return;
    scrollToAnchor(pendingAnchor.current);
    pendingAnchor.current = null;
  }, [path]);

  const value = useMemo(() => ({ path, navigate, goToSection }), [path, navigate, goToSection]);
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useRouter(): RouterValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useRouter needs <Router>');
  return value;
}

/**
 * A link to a route (`/terms`) or a landing section (`#about`). Modified clicks
 * (new tab, new window) keep the browser's own behaviour.
 */
export function Link({ to, ...rest }: Omit<AppLinkProps, 'follow' | 'href'>) {
  const { navigate, goToSection } = useRouter();
  const section = to.startsWith('#');
  return (
    <AppLink
      to={to}
      href={section ? `/${to}` : to}
      follow={() => (section ? goToSection(to) : navigate(to))}
      {...rest}
    />
  );
}
