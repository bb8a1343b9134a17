// Each storage rule is written once, as a generator that yields SQL and receives rows: the SQLite
// thread runs it synchronously inside its group commit, PostgreSQL awaits each query inside a
// transaction. The `sql` tag keeps values out of the text; each database renders its placeholders.

export type Row = Record<string, unknown>;
export type Dialect = 'sqlite' | 'postgres';

/** A statement with its values apart from its text; `raw` parts differ by database. */
export class Sql {
  constructor(
    readonly parts: readonly (string | ((d: Dialect) => string))[],
    readonly values: readonly unknown[],
  ) {}

  /** The text with `?` (SQLite) or `$n` (PostgreSQL) placeholders. */
  render(dialect: Dialect): string {
    let text = '';
    this.parts.forEach((part, i) => {
      text += typeof part === 'string' ? part : part(dialect);
      if (i < this.values.length) text += dialect === 'sqlite' ? '?' : `$${i + 1}`;
    });
    return text;
  }
}

/** A transaction-scoped lock on `key` (PostgreSQL); SQLite has one writer, so it needs none. */
export class Lock {
  constructor(readonly key: string) {}
}

export type Step = Sql | Lock;
export type Op<A, R> = (args: A) => Generator<Step, R, Row[]>;

/** Column names checked against a row type (tables.ts): a name that is not a column fails the typecheck. */
export const columns = <T extends object>(...names: (keyof T & string)[]) => names;

/** Fixed text (column lists, say) to splice into a statement: never a value. */
export const fragment = (text: string) => new Sql([text], []);

/** Text that differs by database (a PostgreSQL-only clause, say), never a value. */
export const raw = (by: Partial<Record<Dialect, string>>) => (d: Dialect) => by[d] ?? '';

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  type Piece = string | ((d: Dialect) => string);
  const segments: Piece[] = [];
  const kept: unknown[] = [];
  let current: Piece[] = [];
  const close = () => {
    const pieces = current;
    segments.push(
      pieces.every((p) => typeof p === 'string')
        ? pieces.join('')
        : (d: Dialect) => pieces.map((p) => (typeof p === 'string' ? p : p(d))).join(''),
    );
    current = [];
  };
  values.forEach((value, i) => {
    current.push(strings[i]);
    // A raw fragment joins the text around it; a nested statement brings its text and values.
    if (typeof value === 'function') current.push(value as (d: Dialect) => string);
    else if (value instanceof Sql) {
      value.parts.forEach((part, j) => {
        current.push(part);
        if (j < value.values.length) {
          close();
          kept.push(value.values[j]);
        }
      });
    } else {
      close();
      kept.push(value);
    }
  });
  current.push(strings[values.length]);
  close();
  return new Sql(segments, kept);
}

/** Statements joined by `separator` (a nested list of conditions, say); `empty` when there are none. */
export function join(statements: Sql[], separator: string, empty = ''): Sql {
  if (!statements.length) return new Sql([empty], []);
  const parts: (string | ((d: Dialect) => string))[] = [];
  const values: unknown[] = [];
  statements.forEach((s, i) => {
    const [first, ...rest] = s.parts;
    if (i === 0) parts.push(first);
    else {
      const prev = parts.pop() as string | ((d: Dialect) => string);
      parts.push(concat(prev, separator, first));
    }
    parts.push(...rest);
    values.push(...s.values);
  });
  return new Sql(parts, values);
}

function concat(...pieces: (string | ((d: Dialect) => string))[]): string | ((d: Dialect) => string) {
  return pieces.every((p) => typeof p === 'string')
    ? pieces.join('')
    : (d: Dialect) => pieces.map((p) => (typeof p === 'string' ? p : p(d))).join('');
}

/** Runs a statement: `const rows = yield* query(sql\`…\`)`. */
export function* query(statement: Sql): Generator<Step, Row[], Row[]> {
  return yield statement;
}

/** The first row, or undefined. */
export function* one(statement: Sql): Generator<Step, Row | undefined, Row[]> {
  return (yield statement)[0];
}

export function* lock(key: string): Generator<Step, void, Row[]> {
  yield new Lock(key);
}

/** Numbers come back as strings from PostgreSQL's BIGINT and COUNT. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
export const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
