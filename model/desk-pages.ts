// The desk's pages: one list, read by the desk's router (which page a path shows) and by the service
// (which paths answer the desk's HTML), so every page the desk links to also loads on reload or from a
// shared link.

/** Each desk page's path (`:id` stands for a lead's id) and its name. */
export const DESK_PAGES = [
  { path: '/desk', name: 'leads' },
  { path: '/desk/to-call', name: 'to-call' },
  { path: '/desk/overview', name: 'overview' },
  { path: '/desk/feedback', name: 'feedback' },
  { path: '/desk/audit', name: 'audit' },
  { path: '/desk/accounts', name: 'accounts' },
  { path: '/desk/account', name: 'account' },
  { path: '/desk/leads/:id', name: 'lead' },
] as const;

type Page = (typeof DESK_PAGES)[number];
export type DeskRoute = { name: Exclude<Page['name'], 'lead'> | 'missing' } | { name: 'lead'; id: number };

/** The page a path shows (a trailing slash is the same path); `missing` for one the desk does not have. */
export function deskRouteOf(pathname: string): DeskRoute {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const page of DESK_PAGES) {
    if (page.name !== 'lead') {
      if (path === page.path) return { name: page.name };
      continue;
    }
    const id = new RegExp(`^${page.path.replace(':id', '([1-9]\\d{0,9})')}$`).exec(path);
    if (id) return { name: 'lead', id: Number(id[1]) };
  }
  return { name: 'missing' };
}
