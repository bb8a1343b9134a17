import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openConfiguredStore } from './storage/index.ts';

/** A service on a throwaway database, driven with `inject` (no port). */
export async function testApp(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-api-'));
  const config = loadConfig({ DATABASE_PATH: join(dir, 'feedback.db'), LOG_LEVEL: 'silent', DIST_DIR: join(dir, 'dist'), ...env });
  const store = await openConfiguredStore(config);
  const app = await buildApp(config, store);
  return {
    app,
    store,
    dir,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
