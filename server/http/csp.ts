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
