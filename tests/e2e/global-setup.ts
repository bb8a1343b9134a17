import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config/settings.ts';
import { startService } from '../../server/service.ts';
import { openStore } from '../../server/storage/index.ts';
import { PREVIEW_PORT, STUB_ORIGIN, STUB_PORT } from '../support/ports';
import { fakeTwilio, TWILIO } from '../support/fakes';
import { startStubServer } from '../support/stub-server';

/**
 * Starts the real service (site, widgets, examples, the APIs on a throwaway database) and the
 * stand-ins for external services (one-time codes go through a fake Twilio Verify whose codes the
 * tests read at E2E_TWILIO_URL); the returned function stops them.
 */
export default async function globalSetup() {
  for (const file of ['dist/widgets/ai-widgets.js', 'dist/site/index.html', 'dist/examples/react/index.html'])
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-e2e-'));
  const twilio = await fakeTwilio();
  process.env.E2E_TWILIO_URL = twilio.url;
  const config = loadConfig({
    PORT: String(PREVIEW_PORT),
    DATABASE_PATH: join(dir, 'service.sqlite'),
    FEEDBACK_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    CSP_CONNECT_SRC: `${STUB_ORIGIN},http://127.0.0.1:9`,
    OTP_PROVIDER: 'twilio',
    OTP_CLIENT_LIMIT: '10000',
    OTP_COUNTRIES: 'IN',
    TWILIO_ACCOUNT_SID: TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO.authToken,
    TWILIO_VERIFY_SERVICE_SID: TWILIO.serviceSid,
    TWILIO_API_URL: twilio.url,
    // The desk's specs sign admins in with a password alone; desk-two-step-sign-in.spec.ts turns it on itself.
    DESK_REQUIRE_2FA: 'off',
  });
  const store = await openStore(config);
  // Workers start after this, and read the database to check what the service stored.
  process.env.E2E_DB_PATH = config.databasePath;
  // What the workers make once for the run and share (the packed package: hosts.project.ts's packedOnce).
  process.env.E2E_RUN_DIR = dir;
  const { app } = await startService(config, store);
  await app.listen({ port: config.port, host: config.host });
  const stubs = await startStubServer(STUB_PORT);
  return async () => {
    await app.close();
    await store.close();
    await new Promise((resolve) => stubs.close(resolve));
    await twilio.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
