// Exports stored feedback: `npm run export-feedback -- --format csv > feedback.csv` (or --format json).
import { parseArgs } from 'node:util';
import { loadConfig } from './config.mjs';
import { openConfiguredStore, readFeedback } from './store.mjs';

const COLUMNS = /** @type {const} */ (['id', 'created_at', 'name', 'email', 'message']);

/**
 * One CSV cell: quoted, quotes doubled, and a leading = + - @ neutralised so a spreadsheet
 * never runs a visitor's text as a formula.
 * @param {string | number} value
 */
export function csvCell(value) {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** @param {import('./store.mjs').FeedbackRow[]} rows */
export function toCsv(rows) {
  return [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((c) => csvCell(row[c])).join(','))].join('\r\n') + '\r\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { format: { type: 'string', default: 'csv' }, db: { type: 'string' } } });
  if (values.format !== 'csv' && values.format !== 'json') {
    console.error('Use --format csv or --format json.');
    process.exit(2);
  }
  const config = loadConfig();
  let rows;
  try {
    if (config.databaseUrl && !values.db) {
      const store = await openConfiguredStore(config);
      rows = await store.list();
      await store.close();
    } else rows = readFeedback(values.db ?? config.databasePath);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  process.stdout.write(values.format === 'json' ? `${JSON.stringify(rows, null, 2)}\n` : toCsv(rows));
  console.error(`${rows.length} feedback row(s) exported.`);
}
