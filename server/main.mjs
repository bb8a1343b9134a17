// `npm start`: build what is missing, open the store, serve everything, and stop cleanly.
import { buildApp } from './app.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';
import { loadConfig } from './config.mjs';
import { openConfiguredStore } from './store.mjs';

const config = loadConfig();
if (process.env.SKIP_BUILD !== 'true') buildIfNeeded();
const store = await openConfiguredStore(config);
const app = await buildApp(config, store);

let stopping = false;
/** @param {string} signal */
async function stop(signal) {
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
console.log(`  Feedback store:   ${store.path}\n`);
