// The Content-Security-Policy of every page we serve: nothing inline, nothing evaluated.

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export function contentSecurityPolicy({ voiceApiUrl, sentryDsn, connectSrc }: { voiceApiUrl: string; sentryDsn: string; connectSrc: string[] }): Record<string, string[]> {
  const voiceApi = originOf(voiceApiUrl);
  const reporter = sentryDsn ? originOf(sentryDsn) : null;
  return {
    defaultSrc: ["'self'"],
    // Daily's call bundle is a script from its CDN, loaded without eval (avoidEval).
    scriptSrc: ["'self'", 'https://c.daily.co'],
    // Widgets adopt constructable stylesheets, which need no 'unsafe-inline'.
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...(voiceApi ? [voiceApi] : []), 'https://*.daily.co', 'wss://*.daily.co', ...(reporter ? [reporter] : []), ...connectSrc],
    mediaSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ['https://*.daily.co'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

/**
 * The sales desk's own policy: it loads its scripts, styles and icon from this origin and talks to this
 * origin's API, nothing else (no voice provider, no call bundle, no error reporter), and no page may frame it.
 */
export const DESK_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
