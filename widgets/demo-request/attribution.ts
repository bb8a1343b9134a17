/**
 * Where a lead came from, read from the host page the widget sits on (#22): the service stores it
 * with the lead so a team can tell which campaign brought whom. Pure functions of their inputs, so
 * Node tests read every case; `pageAttribution` alone touches the browser.
 */
const UTM = ['source', 'medium', 'campaign', 'term', 'content'] as const;
const CLICK_IDS = ['gclid', 'fbclid'] as const;

export type Utm = Partial<Record<(typeof UTM)[number], string>>;
export type ClickIds = Partial<Record<(typeof CLICK_IDS)[number], string>>;

export interface Attribution {
  /** IANA zone of the visitor's device, e.g. `Asia/Kolkata` ('' when the browser cannot say). */
  timeZone: string;
  /** The page's address without its `#fragment` (a fragment is the page's own state, not where the visitor came from). */
  pageUrl: string;
  /** `document.referrer`, '' when none. */
  referrer: string;
  utm: Utm;
  clickIds: ClickIds;
}

/** The first non-blank value of each parameter; blank ones are left out rather than sent empty. */
function pick<K extends string>(params: URLSearchParams, names: readonly K[], prefix = ''): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = params.getAll(prefix + name).find((v) => v.trim());
    if (value) out[name] = value.trim();
  }
  return out;
}

export function attributionOf(href: string, referrer: string, timeZone: string): Attribution {
  let url: URL | null = null;
  try {
    url = new URL(href);
  } catch {
    // Not a URL (an embedding that reports none): nothing to read, the address is sent as it is.
  }
  const params = url?.searchParams ?? new URLSearchParams();
  if (url) url.hash = '';
  return {
    timeZone,
    pageUrl: url ? url.href : href.split('#')[0]!,
    referrer,
    utm: pick(params, UTM, 'utm_'),
    clickIds: pick(params, CLICK_IDS),
  };
}

/** The host page's attribution at the moment Get a Call is pressed. */
export function pageAttribution(): Attribution {
  let timeZone = '';
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    // An engine without time zone data: the service treats '' as unknown.
  }
  return attributionOf(location.href, document.referrer, timeZone);
}

export const METADATA_LIMITS = { keys: 20, length: 200 } as const;

/**
 * The element's `metadata` property as the lead carries it: a flat object of at most 20 string
 * values of at most 200 characters each. Anything else is the page's mistake, so the widget says
 * why in the console and sends `{}` rather than refusing the visitor's request (the service would
 * refuse it as `metadata`).
 */
export function checkMetadata(value: unknown): { metadata: Record<string, string>; problem?: string } {
  if (value === undefined || value === null) return { metadata: {} };
  if (
    typeof value !== 'object' ||
    Array.isArray(value) ||
    (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
  )
    return { metadata: {}, problem: 'metadata must be a plain object of strings' };
  const entries = Object.entries(value);
  if (entries.length > METADATA_LIMITS.keys)
    return { metadata: {}, problem: `metadata has ${entries.length} keys; at most ${METADATA_LIMITS.keys} are sent` };
  for (const [key, item] of entries) {
    if (typeof item !== 'string')
      return { metadata: {}, problem: `metadata.${key} is a ${item === null ? 'null' : typeof item}, not a string` };
    if (item.length > METADATA_LIMITS.length)
      return {
        metadata: {},
        problem: `metadata.${key} is ${item.length} characters long; at most ${METADATA_LIMITS.length} are sent`,
      };
  }
  return { metadata: Object.fromEntries(entries) as Record<string, string> };
}
