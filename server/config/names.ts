// Misspelt settings: a name in the environment (or .env) that is not one of ours but within two edits
// of one (`OTP_PROVDER`) is almost certainly meant as that one, and would otherwise be ignored without
// a word. Short names allow fewer edits, so HOME is never taken for HOST.

/** Edits (insert, delete, replace, swap two neighbours) between two names, ignoring case; stops counting past `limit`. */
export function editDistance(a: string, b: string, limit = 3): number {
  a = a.toUpperCase();
  b = b.toUpperCase();
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j], rows[i - 2][j - 2] + 1);
    }
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** How many edits a name of ours may be away: two, but one for names under 8 characters. */
const allowed = (name: string) => (name.length < 8 ? 1 : 2);

/** For each name that is not ours but close to one, the line that says so. */
export function misspeltSettings(present: Iterable<string>, ours: ReadonlySet<string>): string[] {
  const lines: string[] = [];
  for (const name of present) {
    if (ours.has(name) || !/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) continue;
    let best: { name: string; distance: number } | undefined;
    for (const known of ours) {
      const distance = editDistance(name, known, 2);
      if (distance <= allowed(known) && (!best || distance < best.distance)) best = { name: known, distance };
    }
    if (best) lines.push(`${name} is not a setting of ours; did you mean ${best.name}? (${name} is ignored)`);
  }
  return lines;
}
