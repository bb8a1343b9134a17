// Removes what is past its retention period now (the service does it hourly): `npm run -s purge`.
import { purge } from '../domain/retention.ts';
import { cli, storeFor, toolConfig } from './args.ts';

const USAGE = `Removes personal data past its retention period now (the service does this hourly).

  npm run -s purge [-- --db PATH]

  Periods: LEAD_RETENTION_DAYS, CALL_CONTENT_RETENTION_DAYS, OUTBOX_RETENTION_DAYS, AUDIT_RETENTION_DAYS
  (docs/operations.md). What went is printed, by kind.

  --db PATH   a SQLite file instead of DATABASE_PATH / DATABASE_URL
  -h, --help  this text`;

const { values } = cli(USAGE, { db: { type: 'string' } });
const store = await storeFor(values.db as string | undefined);
try {
  const report = await purge(store, toolConfig().retention, Date.now());
  for (const [kind, n] of Object.entries(report)) console.log(`${kind}\t${n}`);
} finally {
  await store.close();
}
