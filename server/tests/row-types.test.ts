// The rows' types follow the migrations: tables.ts is what `npm run -s db:types` makes of them now.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rowTypes } from '../storage/row-types.ts';

describe('the stored rows’ types', () => {
  it('are generated from the current migrations (run `npm run -s db:types` after adding one)', () => {
    expect(readFileSync(new URL('../storage/tables.ts', import.meta.url), 'utf8')).toBe(rowTypes());
  });
});
