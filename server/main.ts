// `npm start`: build what is missing, open the store, serve everything, and stop cleanly.
import { buildApp } from './app.ts';
import { buildIfNeeded } from './build-if-needed.ts';
import { loadConfig } from './config.ts';
import { openConfiguredStore } from './storage/index.ts';

const config = loadConfig();
if (process.env.SKIP_BUILD !== 'true') buildIfNeeded();
const store = await openConfiguredStore(config);
const app = await buildApp(config, store);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: finishing requests in flight, then closing`);
  try {
    // Stops accepting connections and waits for requests in flight.
    await app.close();
  } finally {
    await store.close();
  }
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.port, host: config.host });
console.log(`\n  Site:             ${config.publicUrl}/`);
console.log(`  Widget examples:  ${config.publicUrl}/examples/`);
console.log(`  Demo requests:    one-time codes by ${config.otp.provider === 'twilio' ? 'Twilio Verify' : 'this log (OTP_PROVIDER=console)'}`);
console.log(`  Store:            ${store.path}\n`);
