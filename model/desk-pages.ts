// The desk's pages: one list, read by the desk's router (which page a path shows) and by the service
// (which paths answer the desk's HTML), so every page the desk links to also loads on reload or from a
// shared link.

/** Each desk page's path (`:id` stands for a lead's id, a demo's or an embed's) and its name. */
export const DESK_PAGES = [
  { path: '/desk', name: 'leads' },
  { path: '/desk/to-call', name: 'to-call' },
  { path: '/desk/overview', name: 'overview' },
  { path: '/desk/demos', name: 'demos' },
  { path: '/desk/feedback', name: 'feedback' },
  { path: '/desk/audit', name: 'audit' },
  { path: '/desk/accounts', name: 'accounts' },
  { path: '/desk/account', name: 'account' },
  { path: '/desk/embeds', name: 'embeds' },
  { path: '/desk/leads/:id', name: 'lead' },
  { path: '/desk/demos/:id', name: 'demo' },
  { path: '/desk/embeds/:id', name: 'embed' },
] as const;

type Page = (typeof DESK_PAGES)[number];
export type DeskRoute =
  | { name: Exclude<Page['name'], 'lead' | 'demo' | 'embed'> | 'missing' }
  | { name: 'lead'; id: number }
  | { name: 'demo'; demoId: string }
  | { name: 'embed'; embedId: string };

/** What an `:id` may be on each page: a lead's number, a demo's id as the gate makes them, an embed's (model/embeds.ts). */
const IDS = { lead: '([1-9]\\d{0,9})', demo: '([A-Za-z0-9-]{1,64})', embed: '(emb_[0-9A-Za-z]{16,40})' };

/** The page a path shows (a trailing slash is the same path); `missing` for one the desk does not have. */
export function deskRouteOf(pathname: string): DeskRoute {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const page of DESK_PAGES) {
    if (page.name !== 'lead' && page.name !== 'demo' && page.name !== 'embed') {
      if (path === page.path) return { name: page.name };
      continue;
    }
    const id = new RegExp(`^${page.path.replace(':id', IDS[page.name])}$`).exec(path);
    if (!id) continue;
    if (page.name === 'lead') return { name: 'lead', id: Number(id[1]) };
    return page.name === 'demo' ? { name: 'demo', demoId: id[1] } : { name: 'embed', embedId: id[1] };
  }
  return { name: 'missing' };
}

/**
 * An embed's preview (issue 54): a page the service serves for signed-in desk accounts, where the widgets
 * run with the embed's attributes and `simulate`, under a policy that lets the page send nothing.
 */
export const EMBED_PREVIEW_PATH = '/embeds/:id/preview';
/**
 * Where the preview is served: under /api, since over http the desk's session cookie is kept for /api
 * only (server/http/cookies.ts); EMBED_PREVIEW_PATH leads here.
 */
export const embedPreviewHref = (id: string) => `/api/desk/embeds/${encodeURIComponent(id)}/preview`;
