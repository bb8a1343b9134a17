// Each storage rule is written once, as a generator that yields queries and receives rows: the SQLite
// thread runs it synchronously inside its group commit, PostgreSQL awaits each query inside a
// transaction. Queries are built with Kysely against the tables of ./schema.ts and compiled only where
// they run (./run.ts), for that database: the builder below never connects to anything.
import {
  DummyDriver,
  sql,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type CompiledQuery,
  type Expression,
  type OperationNodeSource,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from './schema.ts';

export type Row = Record<string, unknown>;
export type Dialect = 'sqlite' | 'postgres';
/** A query built by `db` (or by Kysely's `sql` template), whose rows are `O`. */
export type Query<O = unknown> = (Compilable<O> & OperationNodeSource) | RawBuilder<O>;

/** The builder of every query: it compiles and runs nothing itself. */
export const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/** A condition, to be joined with others by `and` (none: always true). */
export type Cond = Expression<SqlBool>;

/**
 * A column of `table` for Kysely's `sql` template (where the builder cannot say it), its name checked
 * against ./schema.ts; `alias`: the name the query gives the table.
 */
export const col = <T extends keyof Database, R = unknown>(
  _table: T,
  column: keyof Database[T] & string,
  alias?: string,
): RawBuilder<R> => sql.ref<R>(alias ? `${alias}.${column}` : column);

/** A transaction-scoped lock on `key` (PostgreSQL); SQLite has one writer, so it needs none. */
export class Lock {
  constructor(readonly key: string) {}
}

const READ_ONLY = Symbol('reads');

/**
 * Marks an operation that only reads (a list, a page, a figure): on SQLite it runs on the reader's own
 * connection and thread, beside the writer, never inside its lock or waiting for its fsync. An
 * operation not marked runs in the writer's group commit.
 */
export function reads<F extends (...args: never[]) => Generator>(op: F): F {
  return Object.assign(op, { [READ_ONLY]: true });
}

/** Whether `op` was marked by `reads`. */
export const onlyReads = (op: object): boolean => READ_ONLY in op;

/** A query for one database only (a planner setting, say); the other runs nothing and gets no rows. */
export class OnlyOn {
  constructor(readonly by: Partial<Record<Dialect, Query>>) {}
}

/** A value of a prepared query, given when it runs. */
export class Param {
  constructor(readonly name: string) {}
}

/**
 * A query whose shape never changes, built and compiled once per database (./run.ts); each run binds its
 * values only. For the hottest writes: building and compiling a query costs more CPU than SQLite takes to run it.
 */
export class Prepared<A extends Record<string, unknown>, O> {
  readonly query: Query<O>;
  readonly compiled: Partial<Record<Dialect, CompiledQuery>> = {};
  /** `build` receives a stand-in for each value (typed as the value, so the builder checks it against ./schema.ts). */
  constructor(build: (values: A) => Query<O>) {
    this.query = build(new Proxy({}, { get: (_, name) => new Param(String(name)) }) as A);
  }
  with(values: A): Bound<O> {
    return new Bound(this as Prepared<never, O>, values);
  }
}

/** A prepared query with its values, as a step. */
export class Bound<O> {
  declare readonly rows?: O;
  constructor(
    readonly prepared: Prepared<never, O>,
    readonly values: Record<string, unknown>,
  ) {}
}

export type Step = Query | Bound<unknown> | Lock | OnlyOn;
export type Op<A, R> = (args: A) => Generator<Step, R, Row[]>;

/** Runs a query: `const rows = yield* query(db.selectFrom(…))`. */
export function* query<O>(q: Query<O> | Bound<O>): Generator<Step, O[], Row[]> {
  return (yield q) as O[];
}

/** The first row, or undefined. */
export function* one<O>(q: Query<O> | Bound<O>): Generator<Step, O | undefined, Row[]> {
  return (yield q)[0] as O | undefined;
}

export function* lock(key: string): Generator<Step, void, Row[]> {
  yield new Lock(key);
}

export function* onlyOn(by: Partial<Record<Dialect, Query>>): Generator<Step, Row[], Row[]> {
  return yield new OnlyOn(by);
}

/** Numbers come back as strings from PostgreSQL's BIGINT and COUNT. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
export const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
