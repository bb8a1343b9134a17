import { config } from '../config';
import { absoluteUrl, documentTitle, type RouteMeta } from '../routes';

/** The share image for link previews, made for them at 1200×630 (site/public/og-image.jpg). */
export const SHARE_IMAGE = {
  path: '/og-image.jpg',
  width: 1200,
  height: 630,
  alt: `${config.brand.name}: ${config.brand.tagline}`,
};

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Structured data naming the organisation (schema.org), for search engines. */
export function organization() {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: config.brand.name,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/favicon.svg'),
    email: config.contactEmail,
    contactPoint: { '@type': 'ContactPoint', contactType: 'sales', email: config.contactEmail },
    parentOrganization: { '@type': 'Organization', name: config.brand.parent },
    sameAs: [config.social.linkedin, config.social.instagram, config.social.youtube],
  };
}

/**
 * The head a route's prerendered HTML carries: its title and description, canonical address,
 * Open Graph and Twitter card tags, and the organisation's JSON-LD (a data block, never run as script).
 */
export function headFor(meta: RouteMeta, { notFound = false } = {}): string {
  const title = documentTitle(meta);
  const url = absoluteUrl(meta.path);
  const image = absoluteUrl(SHARE_IMAGE.path);
  const tags = [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(meta.description)}" />`,
    notFound ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${escape(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escape(config.brand.name)}" />`,
    `<meta property="og:title" content="${escape(title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    notFound ? '' : `<meta property="og:url" content="${escape(url)}" />`,
    `<meta property="og:image" content="${escape(image)}" />`,
    `<meta property="og:image:width" content="${SHARE_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${SHARE_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${escape(SHARE_IMAGE.alt)}" />`,
    `<meta property="og:locale" content="en_IN" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escape(title)}" />`,
    `<meta name="twitter:description" content="${escape(meta.description)}" />`,
    `<meta name="twitter:image" content="${escape(image)}" />`,
    `<meta name="twitter:image:alt" content="${escape(SHARE_IMAGE.alt)}" />`,
    // `<` escaped so no text in the data can close the element.
    `<script type="application/ld+json">${JSON.stringify(organization()).replaceAll('<', '\\u003c')}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}
