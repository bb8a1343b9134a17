// Erasure requests: `npm run -s forget -- --phone +919876543210`, `… --email asha@example.com`.
import { counted } from './count.ts';
import { personalData } from '../domain/personal-data.ts';
import { cli, storeFor, toolConfig } from './args.ts';
import { phoneArg } from './phone.ts';

const USAGE = `Erases what the service holds about one person (an erasure request under the DPDP Act or the GDPR).

  npm run -s forget -- --phone +919876543210   their leads, calls, codes, demos and CRM events
  npm run -s forget -- --email asha@example.com their feedback

  Kept: dates, agent, campaign, the consent text's hash, call outcomes, marks, and the number as a
  keyed hash (DATA_HASH_KEY), so the do-not-call list still refuses it. The CRM is sent lead.erased.
  Export first if the person asked for a copy: npm run -s export-leads -- --phone … --format json

  --db PATH   a SQLite file instead of DATABASE_PATH / DATABASE_URL
  -h, --help  this text`;

const { values } = cli(USAGE, { phone: { type: 'string' }, email: { type: 'string' }, db: { type: 'string' } });
if (!values.phone === !values.email) {
  console.error(USAGE);
  process.exit(2);
}
const phone = values.phone ? phoneArg(values.phone) : '';
const config = toolConfig();
const store = await storeFor(values.db as string | undefined);
try {
  const data = personalData(store, { key: config.dataHashKey, deliver: Boolean(config.webhook.url) });
  if (phone) {
    const done = await data.forgetPhone(phone);
    console.log(
      `Erased ${counted(done.leadIds.length, 'lead')}${done.leadIds.length ? ` (${done.leadIds.join(', ')})` : ''} and ${counted(done.codes, 'code')} of ${phone}.`,
    );
    if (done.demos) console.log(`Erased ${counted(done.demos, 'web demo')} they tried first, with what was said.`);
    if (done.suppressed) console.log('It stays on the do-not-call list, as its hash.');
    if (done.leadIds.length && config.webhook.url) console.log('The CRM will hear lead.erased for each.');
  } else {
    const done = await data.forgetEmail(String(values.email));
    console.log(`Erased ${counted(done.feedback, 'feedback message')} from ${values.email}.`);
  }
} finally {
  await store.close();
}
