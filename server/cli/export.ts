// Exports what the service stored: `npm run -s export-leads -- --format csv > leads.csv`,
// `npm run -s export-feedback -- --format json` (`--db PATH` reads another SQLite file), and everything
// held about one person: `npm run -s export-leads -- --phone +919876543210`. Rows are read a page at a
// time and written as they come: memory stays flat whatever the count.
import { counted as inWords } from './count.ts';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { personalData } from '../domain/personal-data.ts';
import type { Store } from '../storage/index.ts';
import { cli, refuse, storeFor, toolConfig } from './args.ts';
import { FEEDBACK_COLUMNS, feedbackRow, LEAD_EXPORT_COLUMNS, leadRow, toCsv } from '../domain/exports/csv.ts';
import { allLeadPages, BOM, csvChunks, feedbackPages, jsonChunks } from '../domain/exports/stream.ts';
import { phoneArg } from './phone.ts';

const USAGE = `Exports stored rows to standard output.

  npm run -s export-leads -- [--format csv|json] [--bom] [--db PATH]
  npm run -s export-leads -- --phone +919876543210 [--format json|csv]   everything held about one person
  npm run -s export-feedback -- [--format csv|json] [--bom] [--db PATH]

  --format   csv (default) or json (the default with --phone: leads, calls, attempts, codes, do-not-call)
  --bom      start a CSV with UTF-8's byte-order mark, for Excel (which otherwise garbles Devanagari)
  --phone    only what is held about this number (an access request), erased leads included
  --db       a SQLite file to read instead of DATABASE_PATH / DATABASE_URL
  -h, --help this text

Leads carry their consent proof, attribution and their call's outcome. The row count goes to standard error.`;

const { values, positionals } = cli(USAGE, {
  format: { type: 'string' },
  phone: { type: 'string' },
  db: { type: 'string' },
  bom: { type: 'boolean' },
});
const what = positionals[0];
const format = values.format ?? (values.phone ? 'json' : 'csv');
if (!['leads', 'feedback'].includes(what))
  refuse(
    USAGE,
    what ? `"${what}" is not something to export: leads or feedback.` : 'Name what to export: leads or feedback.',
  );
if (format !== 'csv' && format !== 'json')
  refuse(USAGE, `--format ${JSON.stringify(format)} is not a format: csv or json.`);
if (values.phone && what !== 'leads')
  refuse(USAGE, '--phone goes with leads: npm run -s export-leads -- --phone +919876543210.');
const phone = values.phone ? phoneArg(values.phone) : '';
const bom = values.bom === true;
if (bom && format !== 'csv') refuse(USAGE, '--bom goes with --format csv.');
const store = await storeFor(values.db as string | undefined);
let rows = 0;
const counted = (n: number) => (rows = n);

function chunks(store: Store): AsyncIterable<string> {
  if (what === 'feedback') {
    const pages = feedbackPages(store, {}, 'asc');
    return format === 'json'
      ? jsonChunks(pages, (r) => r, counted)
      : csvChunks(FEEDBACK_COLUMNS, pages, feedbackRow, counted, { bom });
  }
  const pages = allLeadPages(store);
  return format === 'json'
    ? jsonChunks(pages, leadRow, counted)
    : csvChunks(LEAD_EXPORT_COLUMNS, pages, leadRow, counted, { bom });
}

async function* person(): AsyncGenerator<string> {
  const held = await personalData(store, { key: toolConfig().dataHashKey, deliver: false }).exportPhone(phone);
  rows = held.leads.length;
  if (format === 'json') yield `${JSON.stringify({ phone, ...held }, null, 2)}\n`;
  else
    yield (
      (bom ? BOM : '') +
      toCsv(
        LEAD_EXPORT_COLUMNS,
        held.leads.map((l) => leadRow({ lead: l, call: l.call })),
      )
    );
}

try {
  await pipeline(Readable.from(phone ? person() : chunks(store)), process.stdout);
  console.error(`${what === 'leads' ? inWords(rows, 'lead') : inWords(rows, 'feedback message')} exported.`);
} catch (error) {
  // A reader that went away (| head) is not an error of ours.
  if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
} finally {
  await store.close();
}
