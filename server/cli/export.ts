// Exports what the service stored: `npm run -s export-leads -- --format csv > leads.csv`,
// `npm run -s export-feedback -- --format json` (`--db PATH` reads another SQLite file).
import type { Store } from '../storage/index.ts';
import { cli, refuse, storeFor } from './args.ts';
import { FEEDBACK_COLUMNS, LEAD_EXPORT_COLUMNS, leadRow, toCsv } from '../domain/exports/csv.ts';

const TABLES = {
  feedback: { columns: FEEDBACK_COLUMNS as readonly string[], rows: async (store: Store) => store.feedback.list() as Promise<object[]> },
  leads: { columns: LEAD_EXPORT_COLUMNS as readonly string[], rows: async (store: Store) => (await store.leads.list()).map(leadRow) as object[] },
};

const USAGE = `Exports stored rows to standard output.

  npm run -s export-leads -- [--format csv|json] [--db PATH]
  npm run -s export-feedback -- [--format csv|json] [--db PATH]

  --format   csv (default) or json
  --db       a SQLite file to read instead of DATABASE_PATH / DATABASE_URL
  -h, --help this text

Leads carry their consent proof, attribution and their call's outcome. The row count goes to standard error.`;

{
  const { values, positionals } = cli(USAGE, { format: { type: 'string', default: 'csv' }, db: { type: 'string' } });
  const table = Object.hasOwn(TABLES, positionals[0] ?? '') ? TABLES[positionals[0] as keyof typeof TABLES] : undefined;
  if (!table) refuse(USAGE, positionals[0] ? `"${positionals[0]}" is not something to export: leads or feedback.` : 'Name what to export: leads or feedback.');
  if (values.format !== 'csv' && values.format !== 'json') refuse(USAGE, `--format ${JSON.stringify(values.format)} is not a format: csv or json.`);
  const store = await storeFor(values.db as string | undefined);
  const rows = await table.rows(store);
  await store.close();
  process.stdout.write(values.format === 'json' ? `${JSON.stringify(rows, null, 2)}\n` : toCsv(table.columns as never, rows));
  console.error(`${rows.length} ${positionals[0]} row(s) exported.`);
}
