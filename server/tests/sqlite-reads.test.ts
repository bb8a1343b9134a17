import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DatabaseBusyError } from '../storage/index.ts';
import { testApp } from './harness.ts';
import { endedLead } from './seed.ts';

describe('SQLite reads', () => {
  it('answer on their own connection while another holds the write lock (writes wait; reads never do)', async () => {
    const h = await testApp({ DATABASE_TIMEOUT_MS: '1000' }, { reader: true });
    const other = new Database(h.store.path);
    try {
      const id = await endedLead(h.store);
      other.exec('BEGIN IMMEDIATE');
      // The desk's list, a lead, the changes figure and an export page all answer under the held lock.
      expect((await h.store.desk.leads({ limit: 10 })).map((r) => r.lead.id)).toContain(id);
      expect(await h.store.desk.lead({ id })).not.toBeNull();
      expect(await h.store.desk.version()).toMatch(/^\d+\./);
      expect((await h.store.exports.leads({ limit: 10, after: 0 })).map((r) => r.lead.id)).toEqual([id]);
      // A write cannot get the lock: refused as busy, never stored late.
      await expect(h.store.feedback.add({ name: 'A', email: 'a@example.com', message: 'late' })).rejects.toBeInstanceOf(
        DatabaseBusyError,
      );
      other.exec('ROLLBACK');
      // The reader sees what the writer commits next.
      const fb = await h.store.feedback.add({ name: 'A', email: 'a@example.com', message: 'now' });
      expect((await h.store.feedback.list()).map((r) => r.id)).toContain(fb);
      expect(h.store.dialect).toBe('sqlite');
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await h.close();
    }
  });
});
