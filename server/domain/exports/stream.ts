// Exports as streams: rows are read a page at a time and written as they come, so memory stays flat
// whatever the count and the first byte leaves before the first page is read.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DeskLeadFilter, Store } from '../../storage/index.ts';
import { csvCell } from './csv.ts';

/**
 * Rows a page. Each page is its own short read (no snapshot held, no pool connection kept between pages); a
 * small page keeps the first byte early, memory low, and the service's thread free more often: measured at
 * 100k leads on PostgreSQL (docs/benchmarks.md), 200 rows against 1000 halved the peak memory and the longest
 * hold-up of the event loop, at a quarter more total time.
 */
export const PAGE = 200;
/**
 * Rows written between two turns of the event loop. An export is work on the service's one thread (turning
 * rows into text, and on PostgreSQL reading them); done a page at a time it would hold every request behind
 * it for a page's worth, so a write's every round trip waited that long. A slice at a time, they wait a slice.
 */
export const SLICE = 100;

/** Each page cut into slices, with a turn of the event loop before each slice but the first. */
async function* sliced<R>(pages: AsyncIterable<R[]>): AsyncGenerator<R[]> {
  let first = true;
  for await (const rows of pages) {
    for (let i = 0; i < rows.length; i += SLICE) {
      if (!first) await nextTurn();
      first = false;
      yield rows.slice(i, i + SLICE);
    }
  }
}

/** Every row `page` gives, page after page by id (the last id of one page starts the next). */
export async function* paged<T>(
  page: (cursor: number | undefined) => Promise<T[]>,
  idOf: (row: T) => number,
): AsyncGenerator<T[]> {
  let cursor: number | undefined;
  for (;;) {
    const rows = await page(cursor);
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    cursor = idOf(rows[rows.length - 1]);
  }
}

/** Every lead with its call and mark, oldest first, in pages (the command's export). */
export function allLeadPages(store: Store) {
  return paged(
    (cursor) => store.exports.leads({ after: cursor ?? 0, limit: PAGE }),
    (r) => r.lead.id,
  );
}

/**
 * The leads a desk list shows (its filters, search and queue, the very query the list runs), newest first,
 * in pages of the columns the CSV writes.
 */
export function listPages(store: Store, filter: Omit<DeskLeadFilter, 'before' | 'limit' | 'fields'>) {
  return paged(
    (cursor) => store.desk.leads({ ...filter, before: cursor, limit: PAGE, fields: 'export' }),
    (r) => r.lead.id,
  );
}

export function feedbackPages(
  store: Store,
  filter: { from?: string; to?: string; embedId?: string },
  order: 'asc' | 'desc',
) {
  return paged(
    (cursor) =>
      store.exports.feedback({
        ...filter,
        limit: PAGE,
        ...(order === 'asc' ? { after: cursor ?? 0 } : { before: cursor }),
      }),
    (r) => r.id,
  );
}

/** CSV text: the header at once, then one chunk a slice; `count` hears how many rows went. */
/** UTF-8's byte-order mark, which tells Excel the file's encoding. */
export const BOM = '\uFEFF';

export async function* csvChunks<R, T extends object>(
  columns: readonly (keyof T & string)[],
  pages: AsyncIterable<R[]>,
  flat: (row: R) => T,
  count?: (n: number) => void,
  { bom = false }: { bom?: boolean } = {},
) {
  // Excel reads a CSV without a byte-order mark in the machine's code page: Devanagari and emoji come out garbled.
  yield `${bom ? BOM : ''}${columns.join(',')}\r\n`;
  let n = 0;
  for await (const rows of sliced(pages)) {
    n += rows.length;
    yield rows
      .map((row) => {
        const f = flat(row);
        return columns.map((c) => csvCell(f[c] as string | number | boolean | null, c)).join(',') + '\r\n';
      })
      .join('');
  }
  count?.(n);
}

/** A JSON array, one element a line, written as it comes. */
export async function* jsonChunks<R>(
  pages: AsyncIterable<R[]>,
  flat: (row: R) => unknown,
  count?: (n: number) => void,
) {
  let n = 0;
  yield '[';
  for await (const rows of sliced(pages)) {
    yield rows.map((row) => `${n++ ? ',' : ''}\n  ${JSON.stringify(flat(row))}`).join('');
  }
  yield n ? '\n]\n' : ']\n';
  count?.(n);
}
