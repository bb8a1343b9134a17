// Values the service makes once and every instance shares (the token-signing secret).
import { one, sql } from '../sql.ts';

export const settings = {
  /** The stored value, storing `fallback` first when there is none (the first instance wins). */
  *get({ key, fallback }: { key: string; fallback: string }) {
    yield* one(sql`INSERT INTO settings (key, value) VALUES (${key}, ${fallback}) ON CONFLICT (key) DO NOTHING`);
    return String((yield* one(sql`SELECT value FROM settings WHERE key = ${key}`))?.value);
  },
};
