// The small History API router the site and the desk share: the address in a context, `navigate` to
// change it (`replace` for a filter's change rather than a new page) and a `Link` that follows plain clicks
// itself. Each app adds what is its own on top (the site its landing sections, the desk its focus).
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export type Navigate = (to: string, options?: { replace?: boolean }) => void;
export type RouterValue = { location: URL; navigate: Navigate };

const RouterContext = createContext<RouterValue | null>(null);

/** Where the page is (path and query); the prerender step, which has no `location`, gives `href`. */
const here = () => window.location.pathname + window.location.search;
const origin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

export function Router({ children, href: initial }: { children: ReactNode; href?: string }) {
  const [href, setHref] = useState(() => initial ?? here());
  useEffect(() => {
    const back = () => setHref(here());
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);
  const navigate = useCallback<Navigate>((to, { replace = false } = {}) => {
    window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
    setHref(to);
    if (!replace) window.scrollTo({ top: 0, behavior: 'auto' });
  }, []);
  const value = useMemo(() => ({ location: new URL(href, origin()), navigate }), [href, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter needs <Router>');
  return value;
}

/**
 * Whether the app may follow a click on a link itself: the main button with no modifier key (a new tab or
 * window is the browser's), not already handled, on a link to this origin that opens in this page.
 */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const link = event.currentTarget;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  return link.origin === window.location.origin;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** What a plain click does instead of `navigate(to)` (the site's landing sections, say). */
  follow?: () => void;
  /** The link's address when it is not `to` itself. */
  href?: string;
};

/** A link within the app: a plain click is followed here, any other keeps the browser's own behaviour. */
export function Link({ to, follow, href = to, onClick, children, ...rest }: LinkProps) {
  const { navigate } = useRouter();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (follow) follow();
    else navigate(to);
  };
  return (
    <a href={href} onClick={handle} {...rest}>
      {children}
    </a>
  );
}
