// The stored rows' types, generated from the migrations: `npm run -s db:types` writes tables.ts, and a
// test fails when it is stale. Reads name their columns through these types, so a column renamed
// or dropped by a migration fails the typecheck where it is read.
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.ts';

type Column = { name: string; type: string; notnull: number; pk: number };

const tsType = (sqlType: string) => (/INT|REAL|NUM|FLOAT|DOUBLE/i.test(sqlType) ? 'number' : 'string');
const camel = (table: string) => table.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/** The text of tables.ts for the current migrations (as SQLite applies them). */
export function rowTypes(): string {
  const db = new Database(':memory:');
  try {
    for (const migration of MIGRATIONS) db.exec(migration('sqlite'));
    const tables = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all() as { name: string }[]
    ).map((t) => t.name);
    const blocks = tables.map((table) => {
      const columns = db.prepare(`PRAGMA table_info(${table})`).all() as Column[];
      const fields = columns.map((c) => `  ${c.name}: ${tsType(c.type)}${c.notnull || c.pk ? '' : ' | null'};`);
      return `/** A row of \`${table}\`. */\nexport interface ${camel(table)}Row {\n${fields.join('\n')}\n}`;
    });
    const map = tables.map((t) => `  ${t}: ${camel(t)}Row;`).join('\n');
    return `// Generated from server/storage/migrations.ts by \`npm run -s db:types\`: do not edit.\n// Every time is epoch milliseconds (a column ending _ms, or an integer named _at); the text times of older releases are kept, unread once converted.\n\n${blocks.join('\n\n')}\n\nexport interface Tables {\n${map}\n}\n`;
  } finally {
    db.close();
  }
}
