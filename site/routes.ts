import { config } from './config';

const brand = config.brand.name;

/**
 * The site's one route list: the router, the prerender step, the sitemap and (through the
 * `routes.json` the prerender step writes) the service and the benchmark all derive from it.
 * `title` is the page's own part of the document title ('' for the home page).
 */
export const ROUTES = [
  {
    path: '/',
    title: '',
    description:
      'AI voice agents that qualify leads, book appointments and run custom workflows around the clock. Try a live voice demo.',
  },
  { path: '/name', title: 'Our name', description: `${brand}: ${config.brand.tagline}.` },
  {
    path: '/experience',
    title: 'Experience the power of AI',
    description:
      'Pick an AI demo agent, verify your phone and get a live demo call: receptionist, real-estate caller or customer support.',
  },
  {
    path: '/terms',
    title: 'Terms and Conditions',
    description: `The terms that govern your use of ${brand}'s AI voice and chat agents: services, billing, liability and termination.`,
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    description: `How ${brand} collects, uses, stores and protects personal data, and the rights you have over it.`,
  },
] as const;

export type RoutePath = (typeof ROUTES)[number]['path'];
export type RouteMeta = { path: string; title: string; description: string };

/** What an unknown path shows, with a 404. */
export const NOT_FOUND: RouteMeta = {
  path: '/404',
  title: 'Page not found',
  description: 'This page does not exist. Head back to the home page.',
};

/** The route a path names (a trailing slash is the same route), or the not-found page. */
export function routeFor(path: string): RouteMeta {
  const clean = path.replace(/\/+$/, '') || '/';
  return ROUTES.find((r) => r.path === clean) ?? NOT_FOUND;
}

export function documentTitle(meta: RouteMeta): string {
  return meta.title ? `${meta.title} · ${brand}` : `${brand}: ${config.brand.tagline}`;
}

/** The absolute address of a route, from the public URL the site is built for. */
export function absoluteUrl(path: string): string {
  return `${config.publicUrl}${path === '/' ? '/' : path}`;
}
