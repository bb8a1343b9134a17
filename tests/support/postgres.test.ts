import { connect } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SHARED_CLUSTER, startCluster, startPostgres } from './postgres.mjs';
import { patience } from './slowdown.mjs';

const reachable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1', () => resolve(true)).on('error', () =>
      resolve(false),
    );
    socket.unref();
  });

async function query(url: string, sql: string) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

// Proves what the storage suites stand on.
describe('startPostgres in a test run', () => {
  it('gives each caller an empty database of its own on the run’s one server', async () => {
    expect(process.env[SHARED_CLUSTER]).toBeTruthy();
    const [a, b] = [startPostgres(), startPostgres()];
    expect(a.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/test_\w+$/);
    expect(new URL(b.url).port).toBe(new URL(a.url).port);
    expect(b.url).not.toBe(a.url);
    await query(a.url, 'CREATE TABLE only_in_a (id int)');
    const tables = (url: string) =>
      query(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    expect(await tables(a.url)).toEqual([{ table_name: 'only_in_a' }]);
    expect(await tables(b.url)).toEqual([]);
  });
});

describe('startCluster', () => {
  it(
    'starts a throwaway server of its own on 127.0.0.1 and removes it',
    async () => {
      const server = startCluster();
      let stopped = false;
      try {
        expect(server.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
        expect(await query(server.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
        server.stop();
        stopped = true;
        expect(await reachable(server.url)).toBe(false);
      } finally {
        if (!stopped) server.stop();
      }
    },
    patience(30_000),
  );
});
