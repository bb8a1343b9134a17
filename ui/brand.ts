// The brand's wordmark, a build-time setting (VITE_BRAND_WORDMARK) read once for the site and the desk.
export const brandWordmark = import.meta.env.VITE_BRAND_WORDMARK?.trim() || 'aurelo';
