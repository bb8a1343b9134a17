// The tables the queries are typed against (../storage/schema.ts, written by hand) are the tables the
// migrations make: every column, its kind and whether it may be empty, on both databases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../storage/index.ts';
import { asSqlite, declaredColumns, postgresColumns, sqliteColumns } from './columns.ts';
import { bothDatabases } from './harness.ts';

const { url } = bothDatabases({ migrated: false });

describe('the declared tables', () => {
  it('are the tables the migrations make, on SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-schema-'));
    try {
      const store = await openStore({ databasePath: join(dir, 'schema.sqlite') });
      await store.close();
      const stored = sqliteColumns(join(dir, 'schema.sqlite'));
      // SQLite names the integers as the migrations wrote them (BIGINT, INTEGER): alike to it.
      for (const c of Object.values(stored)) if (c.kind === 'bigint') c.kind = 'integer';
      expect(stored).toEqual(asSqlite(declaredColumns()));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are the tables the migrations make, on PostgreSQL', async () => {
    const store = await openStore({ databasePath: '', databaseUrl: url() });
    await store.close();
    expect(await postgresColumns(url())).toEqual(declaredColumns());
    expect(Object.keys(declaredColumns()).length).toBeGreaterThan(100);
  });
});
