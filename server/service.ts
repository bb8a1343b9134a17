// The service, composed from its layers: HTTP (./http) over the domain (./domain) over storage
// (./storage). `main.ts` starts it for real; tests start it on a throwaway database.
import type { ServerConfig } from './config/settings.ts';
import { startDomain } from './domain/index.ts';
import type { ShowCode } from './domain/otp/providers.ts';
import { createHttp, registerRoutes, type LogStream } from './http/app.ts';
import type { Store } from './storage/index.ts';

export async function startService(
  config: ServerConfig,
  store: Store,
  { now, logStream, showCode }: { now?: () => number; logStream?: LogStream; showCode?: ShowCode } = {},
) {
  const app = await createHttp(config, { logStream });
  const domain = startDomain(config, store, app.log, now, showCode);
  // Workers finish what they hold before the store closes (main closes the store after the app).
  app.addHook('onClose', () => domain.stop());
  await registerRoutes(app, config, store, domain);
  return { app, domain };
}
