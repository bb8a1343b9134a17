// `npm run doctor`: the start's lines on what is connected, then each provider that can be asked
// without changing anything, asked, its answer in words. Exit 0 when everything set is connected.
import { loadEnvFile } from '../config/env-file.ts';
import { connectionLine, connections } from '../config/connections.ts';
import { loadConfig } from '../config/settings.ts';
import { SettingErrors } from '../config/parse.ts';
import { cli } from './args.ts';
import * as reach from './reach.ts';

const USAGE = `Says what the settings connect, as the start does, and asks each provider that can be asked
without changing anything (Twilio Verify's service, the voice provider's number and assistants, the
desk's sign-in provider). Each gives up after ${reach.REACH_LIMIT_MS / 1000} s. No key, token or secret is printed.

  npm run doctor [-- --test-lead]

  --test-lead  also sends one signed test event (lead.test, about no lead) to LEAD_WEBHOOK_URL
               and says what came back
  -h, --help   this text

  Exit 0 when everything set is connected, 1 when something is half set, wrong or unreachable.`;

const { values } = cli(USAGE, { 'test-lead': { type: 'boolean' } });
loadEnvFile();
let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof SettingErrors)) throw error;
  console.log(`Settings are wrong (the service would not start): ${error.message}`);
  process.exit(1);
}

const { otp, voice, webhook, deskSignIn } = config;
const twilioSet = Boolean(otp.twilio.accountSid && otp.twilio.authToken && otp.twilio.serviceSid);
/** Each line's questions, asked all at once. */
const questions: Record<string, Promise<reach.Reach>[]> = {
  'One-time codes': twilioSet ? [reach.twilioVerify(otp.twilio)] : [],
  'Demo calls': reach.demoCalls(voice),
  'Web demos': reach.webDemos(voice),
  CRM: webhook.url && values['test-lead'] ? [reach.testLead(webhook)] : [],
  'Desk sign-in': deskSignIn.sso ? [reach.signInProvider(deskSignIn.sso.issuer)] : [],
};

let trouble = 0;
console.log('');
for (const connection of connections(config)) {
  console.log(connectionLine(connection));
  if (connection.state === 'half') trouble++;
  for (const answer of await Promise.all(questions[connection.name] ?? [])) {
    if (!answer.ok) trouble++;
    console.log(`${' '.repeat(20)}${answer.ok ? '✓' : '✗'} ${answer.words}`);
  }
  if (connection.name === 'CRM' && webhook.url && !values['test-lead'])
    console.log(`${' '.repeat(20)}  not asked: npm run doctor -- --test-lead sends one signed test event`);
}
if (values['test-lead'] && !webhook.url) {
  console.log('\n--test-lead: LEAD_WEBHOOK_URL is unset, so there is nowhere to send it.');
  trouble++;
}
console.log(trouble ? `\n${trouble} to look at, above.` : '\nEverything set is connected.');
process.exit(trouble ? 1 : 0);
