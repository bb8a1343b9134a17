// `npm run -s db:types`: writes server/storage/tables.ts, the stored rows' types, from the migrations.
import { writeFileSync } from 'node:fs';
import { rowTypes } from '../storage/row-types.ts';

const file = new URL('../storage/tables.ts', import.meta.url);
writeFileSync(file, rowTypes());
console.log(`Wrote ${file.pathname}`);
