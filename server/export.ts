// Exports what the service stored: `npm run -s export-feedback -- --format csv > feedback.csv`,
// `npm run -s export-leads -- --format json` (`--db PATH` reads another SQLite file; DATABASE_URL PostgreSQL).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openConfiguredStore, type FeedbackRow, type LeadRow, type Store } from './storage/index.ts';

/**
 * One CSV cell: quoted, quotes doubled, and a leading = + - @ neutralised so a spreadsheet
 * never runs a visitor's text as a formula.
 */
export function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv<T extends object>(columns: readonly (keyof T & string)[], rows: T[]): string {
  return [columns.join(','), ...rows.map((row) => columns.map((c) => csvCell(row[c] as string | number | boolean | null)).join(','))].join('\r\n') + '\r\n';
}

const TABLES = {
  feedback: { columns: ['id', 'created_at', 'name', 'email', 'message'] as (keyof FeedbackRow)[], rows: (store: Store) => store.listFeedback() },
  leads: {
    columns: ['id', 'createdAt', 'agentId', 'name', 'phone', 'consentText', 'clientIp', 'callStatus', 'callId', 'callError', 'delivered'] as (keyof LeadRow)[],
    rows: (store: Store) => store.listLeads(),
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { format: { type: 'string', default: 'csv' }, db: { type: 'string' } } });
  const table = TABLES[positionals[0] as keyof typeof TABLES];
  if (!table || (values.format !== 'csv' && values.format !== 'json')) {
    console.error('Use: export.ts feedback|leads --format csv|json [--db PATH]');
    process.exit(2);
  }
  const config = loadConfig();
  const databasePath = values.db ? resolve(values.db) : config.databasePath;
  const databaseUrl = values.db ? '' : config.databaseUrl;
  // Opening a SQLite path creates it: a mistyped path must be an error, not an empty export.
  if (!databaseUrl && !existsSync(databasePath)) {
    console.error(`No database at ${databasePath}: check --db or DATABASE_PATH.`);
    process.exit(1);
  }
  const store = await openConfiguredStore({ databasePath, databaseUrl });
  const rows = (await table.rows(store)) as object[];
  await store.close();
  process.stdout.write(values.format === 'json' ? `${JSON.stringify(rows, null, 2)}\n` : toCsv(table.columns as never, rows));
  console.error(`${rows.length} ${positionals[0]} row(s) exported.`);
}
