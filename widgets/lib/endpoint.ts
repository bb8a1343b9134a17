/** Joins a base URL and a path without doubling or dropping the slash. */
export function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
