// Values the service makes once and every instance shares (the token-signing secret).
import { db, one } from '../query.ts';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface SettingsTable {
  key: string;
  value: string;
}
declare module '../schema.ts' {
  interface Database {
    settings: SettingsTable;
  }
}

export const settings = {
  /** The stored value, storing `fallback` first when there is none (the first instance wins). */
  *get({ key, fallback }: { key: string; fallback: string }) {
    yield* one(
      db
        .insertInto('settings')
        .values({ key, value: fallback })
        .onConflict((oc) => oc.column('key').doNothing()),
    );
    return String((yield* one(db.selectFrom('settings').select('value').where('key', '=', key)))?.value);
  },
};
