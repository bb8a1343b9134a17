// The do-not-call list: `npm run -s suppress -- --phone +919876543210 [--remove]`, `… --list`.
// A suppressed number is never called; its leads are kept, with the call failed as `suppressed`.
import { counted } from './count.ts';
import { phoneHash } from '../domain/personal-data.ts';
import { cli, refuse, storeFor, toolConfig } from './args.ts';
import { phoneArg } from './phone.ts';

const USAGE = `Keeps numbers off the demo calls.

  npm run -s suppress -- --phone +919876543210 [--reason TEXT]   never call this number
  npm run -s suppress -- --phone +919876543210 --remove          call it again
  npm run -s suppress -- --list                                   the numbers on the list

  The number of a person whose data was erased (npm run -s forget) is listed as its keyed hash
  (hmac-sha256:…): it is still never called, and --phone … --remove still finds it.

  --db PATH   a SQLite file instead of DATABASE_PATH / DATABASE_URL
  -h, --help  this text`;

const { values } = cli(USAGE, {
  phone: { type: 'string' },
  remove: { type: 'boolean' },
  list: { type: 'boolean' },
  reason: { type: 'string' },
  db: { type: 'string' },
});
if (!values.list && !values.phone) refuse(USAGE, 'Name a number with --phone, or ask for the --list.');
const store = await storeFor(values.db as string | undefined);
try {
  if (values.list) {
    const rows = await store.suppressions.list();
    for (const row of rows) console.log(`${row.phone}\t${new Date(row.createdAt).toISOString()}\t${row.reason}`);
    // The count goes to standard error, so the list itself stays clean for a script.
    console.error(
      rows.length ? `${counted(rows.length, 'number')} on the do-not-call list.` : 'The do-not-call list is empty.',
    );
  } else {
    // Any valid number may be listed, from any country, in the form leads store it (E.164).
    const phone = phoneArg(values.phone);
    if (values.remove)
      console.log(
        (await store.suppressions.remove({ phone, phoneHash: phoneHash(toolConfig().dataHashKey, phone) }))
          ? `${phone} may be called again.`
          : `${phone} was not on the list.`,
      );
    else {
      await store.suppressions.add({ phone, reason: String(values.reason ?? 'requested'), now: Date.now() });
      console.log(`${phone} will not be called.`);
    }
  }
} finally {
  await store.close();
}
