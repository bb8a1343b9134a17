// The Content-Security-Policy of every page we serve: nothing inline, nothing evaluated.

/** @param {string} url */
const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * @param {{ voiceApiUrl: string, sentryDsn: string, connectSrc: string[] }} config
 * @returns {Record<string, string[]>}
 */
export function contentSecurityPolicy({ voiceApiUrl, sentryDsn, connectSrc }) {
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
