// Exports as streams: rows are read a page at a time and written as they come, so memory stays flat
// whatever the count and the first byte leaves before the first page is read.
import type { DeskLeadFilter, Store } from '../../storage/index.ts';
import { csvCell } from './csv.ts';

export const PAGE = 1000;

/** Every row `page` gives, page after page by id (the last id of one page starts the next). */
export async function* paged<T>(page: (cursor: number | undefined) => Promise<T[]>, idOf: (row: T) => number): AsyncGenerator<T[]> {
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
  return paged((cursor) => store.exports.leads({ after: cursor ?? 0, limit: PAGE }), (r) => r.lead.id);
}

/**
 * The leads a desk list shows (its filters, search and queue, the very query the list runs), newest first,
 * in pages of the columns the CSV writes.
 */
export function listPages(store: Store, filter: Omit<DeskLeadFilter, 'before' | 'limit' | 'fields'>) {
  return paged((cursor) => store.desk.leads({ ...filter, before: cursor, limit: PAGE, fields: 'export' }), (r) => r.lead.id);
}

export function feedbackPages(store: Store, filter: { from?: string; to?: string }, order: 'asc' | 'desc') {
  return paged((cursor) => store.exports.feedback({ ...filter, limit: PAGE, ...(order === 'asc' ? { after: cursor ?? 0 } : { before: cursor }) }), (r) => r.id);
}

/** CSV text: the header at once, then one chunk a page; `count` hears how many rows went. */
export async function* csvChunks<R, T extends object>(columns: readonly (keyof T & string)[], pages: AsyncIterable<R[]>, flat: (row: R) => T, count?: (n: number) => void) {
  yield `${columns.join(',')}\r\n`;
  let n = 0;
  for await (const rows of pages) {
    n += rows.length;
    yield rows.map((row) => { const f = flat(row); return columns.map((c) => csvCell(f[c] as string | number | boolean | null, c)).join(',') + '\r\n'; }).join('');
  }
  count?.(n);
}

/** A JSON array, one element a line, written as it comes. */
export async function* jsonChunks<R>(pages: AsyncIterable<R[]>, flat: (row: R) => unknown, count?: (n: number) => void) {
  let n = 0;
  yield '[';
  for await (const rows of pages) {
    yield rows.map((row) => `${n++ ? ',' : ''}\n  ${JSON.stringify(flat(row))}`).join('');
  }
  yield n ? '\n]\n' : ']\n';
  count?.(n);
}
