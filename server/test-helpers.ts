import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openConfiguredStore } from './storage/index.ts';

/**
 * A service on a throwaway database, driven with `inject` (no port). Its log lines are kept in `logs`
 * (not printed); `now` moves the clock of the one-time codes.
 */
export async function testApp(env: Record<string, string> = {}, { now }: { now?: () => number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-api-'));
  const config = loadConfig({ DATABASE_PATH: join(dir, 'feedback.db'), LOG_LEVEL: 'info', DIST_DIR: join(dir, 'dist'), ...env });
  const store = await openConfiguredStore(config);
  const logs: Record<string, unknown>[] = [];
  const app = await buildApp(config, store, { now, logStream: { write: (line) => void logs.push(JSON.parse(line)) } });
  return {
    app,
    store,
    dir,
    logs,
    /** The last one-time code the console provider printed for a phone. */
    codeFor: (phone: string) => logs.filter((l) => l.phone === phone && typeof l.code === 'string').at(-1)?.code as string | undefined,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
