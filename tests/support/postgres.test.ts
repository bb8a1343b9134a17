import { describe, expect, it } from 'vitest';
import { startPostgres } from './postgres.mjs';

// Proves the harness the storage suite stands on: a real server starts, answers, and is gone after stop().
describe('startPostgres', () => {
  it('starts a throwaway server on 127.0.0.1 and removes it', async () => {
    const pg = startPostgres();
    try {
      expect(pg.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
      const { default: net } = await import('node:net');
      const port = Number(new URL(pg.url).port);
      await new Promise<void>((resolve, reject) => net.connect(port, '127.0.0.1', resolve).on('error', reject));
    } finally {
      pg.stop();
    }
  }, 30_000);
});
