import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

interface RouterValue {
  path: string;
  navigate(to: string): void;
  /** Scrolls to a landing section, going to `/` first from another route. */
  goToSection(anchor: string): void;
}

const RouterContext = createContext<RouterValue | null>(null);

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

/**
 * A small History API router: five routes do not need more. `path` is given when there is no
 * `location` (the prerender step renders each route in Node).
 */
export function Router({ children, path: initialPath }: { children: ReactNode; path?: string }) {
  const [path, setPath] = useState(() => initialPath ?? location.pathname);
  // A section asked for from another route: scrolled to once `/` has been drawn (the router's own business).
  const pendingAnchor = useRef<string | null>(null);

  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((to: string) => {
    if (to === location.pathname) return;
    history.pushState(null, '', to);
    setPath(to);
    scrollTo({ top: 0, behavior: 'auto' });
  }, []);

  const goToSection = useCallback(
    (anchor: string) => {
      if (location.pathname === '/') scrollToAnchor(anchor);
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
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter needs <Router>');
  return value;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to a route (`/terms`) or a landing section (`#about`). Modified clicks
 * (new tab, new window) keep the browser's own behaviour.
 */
export function Link({ to, onClick, children, ...rest }: LinkProps) {
  const { navigate, goToSection } = useRouter();
  const href = to.startsWith('#') ? `/${to}` : to;
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (to.startsWith('#')) goToSection(to);
    else navigate(to);
  };
  return (
    <a href={href} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
