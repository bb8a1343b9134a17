// The Content-Security-Policy of every page we serve: nothing inline, nothing evaluated (but the
// widgets' first-paint styles the site's prerendered pages hold, by their hashes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The hashes the site's build wrote (site/prerender/files.ts); none before a build. */
function siteStyleHashes(distDir: string | undefined): string[] {
  if (!distDir) return [];
  try {
    const hashes = JSON.parse(readFileSync(join(distDir, 'site', 'style-hashes.json'), 'utf8')) as unknown;
    return Array.isArray(hashes)
      ? hashes.filter((hash): hash is string => typeof hash === 'string' && /^'sha256-[\w+/=]+'$/.test(hash))
      : [];
  } catch {
    return [];
  }
}

export function contentSecurityPolicy({
  voiceApiUrl,
  sentryDsn,
  connectSrc,
  distDir,
}: {
  voiceApiUrl: string;
  sentryDsn: string;
  connectSrc: string[];
  distDir?: string;
}): Record<string, string[]> {
  const voiceApi = originOf(voiceApiUrl);
  const reporter = sentryDsn ? originOf(sentryDsn) : null;
  return {
    defaultSrc: ["'self'"],
    // Daily's call bundle is a script from its CDN, loaded without eval (avoidEval).
    scriptSrc: ["'self'", 'https://c.daily.co'],
    // Widgets adopt constructable stylesheets, which need no 'unsafe-inline'; the first paint printed
    // into the site's pages carries one <style> per widget, allowed by its hash.
    styleSrc: ["'self'", ...siteStyleHashes(distDir)],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: [
      "'self'",
      ...(voiceApi ? [voiceApi] : []),
      'https://*.daily.co',
      'wss://*.daily.co',
      ...(reporter ? [reporter] : []),
      ...connectSrc,
    ],
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
