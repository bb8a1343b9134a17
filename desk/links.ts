// Links built from stored data, which a visitor or the provider chose: never a link that does more than
// it says.

/**
 * A `mailto:` for exactly this address: each part percent-encoded (RFC 6068), so a `?`, `&` or `#`
 * (valid in an address's local part) never starts parameters such as `bcc` or `body`.
 */
export function mailto(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return `mailto:${encodeURIComponent(address)}`;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}

/** The recording's address when it is an https URL (the only kind the desk links to), else null. */
export function httpsUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
