// The columns of a migrated database, and those ../storage/schema.ts declares, in one shape to compare:
// `table.column` → kind and nullability. Kysely's own tables and the old runner's are left out.
import { readdirSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';

export type Column = { kind: string; nullable: boolean };
export type Columns = Record<string, Column>;

const OWN = /^(kysely_migration|kysely_migration_lock|schema_migrations)$/;

/** PostgreSQL's kinds; SQLite keeps integers of every size alike (its INTEGER PRIMARY KEY is a BIGINT's rowid). */
const KINDS: Record<string, string> = {
  integer: 'integer',
  bigint: 'bigint',
  text: 'text',
  'double precision': 'real',
  'timestamp with time zone': 'time',
};

export function sqliteColumns(path: string): Columns {
  const db = new Database(path, { readonly: true });
  try {
    const out: Columns = {};
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[];
    for (const { name } of tables.filter((t) => !OWN.test(t.name)))
      for (const c of db.prepare(`PRAGMA table_info(${name})`).all() as {
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }[])
        out[`${name}.${c.name}`] = { kind: c.type.toLowerCase(), nullable: !c.notnull && !c.pk };
    return out;
  } finally {
    db.close();
  }
}

export async function postgresColumns(url: string): Promise<Columns> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
    );
    return Object.fromEntries(
      rows
        .filter((r) => !OWN.test(r.table_name))
        .map((r) => [
          `${r.table_name}.${r.column_name}`,
          { kind: KINDS[r.data_type] ?? r.data_type, nullable: r.is_nullable === 'YES' },
        ]),
    );
  } finally {
    await client.end();
  }
}

/** The kind of a declared type (../storage/schema.ts's aliases), as PostgreSQL names it. */
function declaredKind(type: string): string {
  const t = type.replace(/^Generated<(.*)>$/, '$1');
  if (/^Big(OrNull)?$|^number \| string$/.test(t)) return 'bigint';
  if (/^Int( \| null)?$/.test(t)) return 'integer';
  if (/^Real( \| null)?$/.test(t)) return 'real';
  if (/^string( \| null)?$/.test(t)) return 'text';
  if (/^ColumnType<string \| Date/.test(t)) return 'time';
  throw new Error(`A table's column type with no kind known: ${type}`);
}

/** What the repositories declare of their tables (../storage/repositories/*.ts), read from the text (types only). */
export function declaredColumns(): Columns {
  const folder = new URL('../storage/repositories/', import.meta.url);
  const text = readdirSync(folder)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => readFileSync(new URL(name, folder), 'utf8'))
    .join('\n')
    .replace(/\/\*\*[\s\S]*?\*\//g, '');
  const bodies = new Map([...text.matchAll(/export interface (\w+) \{([^}]*)\}/g)].map((m) => [m[1], m[2]]));
  const tables = [...text.matchAll(/declare module '\.\.\/schema\.ts' \{\s*interface Database \{([^}]*)\}/g)];
  const out: Columns = {};
  for (const [, list] of tables)
    for (const [, table, iface] of list.matchAll(/(\w+): (\w+);/g))
      for (const [, column, type] of (bodies.get(iface) ?? '').matchAll(/(\w+): ([^;]+);/g))
        out[`${table}.${column}`] = {
          kind: declaredKind(type.trim()),
          nullable: /\| null|OrNull/.test(type),
        };
  return out;
}

/** A declared column as SQLite sees it: integers alike, a timestamptz kept as text. */
export const asSqlite = (columns: Columns): Columns =>
  Object.fromEntries(
    Object.entries(columns).map(([k, c]) => [
      k,
      { ...c, kind: c.kind === 'bigint' ? 'integer' : c.kind === 'time' ? 'text' : c.kind },
    ]),
  );
