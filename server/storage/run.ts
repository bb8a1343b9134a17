// Drives an operation's generator: each yielded query is compiled for the database that runs it, run,
// and its rows sent back.
import {
  createQueryId,
  PostgresQueryCompiler,
  SqliteQueryCompiler,
  type CompiledQuery,
  type RootOperationNode,
  type SelectModifierNode,
} from 'kysely';
import { Bound, Lock, OnlyOn, Param, type Dialect, type Query, type Row, type Step } from './query.ts';

class SqliteCompiler extends SqliteQueryCompiler {
  // SQLite has one writer and no row locks: FOR UPDATE, FOR SHARE and SKIP LOCKED say nothing there.
  protected override visitSelectModifier(node: SelectModifierNode): void {
    if (node.modifier === 'Distinct' || node.rawModifier) super.visitSelectModifier(node);
  }
}

const compilers = { sqlite: new SqliteCompiler(), postgres: new PostgresQueryCompiler() };

/** The text (with `?` or `$n` placeholders) and values of a query, for `dialect`. */
export function compile(query: Query, dialect: Dialect): CompiledQuery {
  return compilers[dialect].compileQuery(query.toOperationNode() as RootOperationNode, createQueryId());
}

/** The query a step runs on `dialect`; null for a lock, or a query meant for the other database. */
export function queryOf(step: Step, dialect: Dialect): CompiledQuery | null {
  if (step instanceof Lock) return null;
  if (step instanceof OnlyOn) return step.by[dialect] ? compile(step.by[dialect], dialect) : null;
  if (step instanceof Bound) {
    const { prepared, values } = step;
    const compiled = (prepared.compiled[dialect] ??= compile(prepared.query, dialect));
    return {
      ...compiled,
      parameters: compiled.parameters.map((p) => (p instanceof Param ? values[p.name] : p)),
    };
  }
  return compile(step, dialect);
}

export function runSync<R>(gen: Generator<Step, R, Row[]>, exec: (query: CompiledQuery) => Row[]): R {
  let next = gen.next(undefined as unknown as Row[]);
  while (!next.done) {
    const q = queryOf(next.value, 'sqlite');
    next = gen.next(q ? exec(q) : []);
  }
  return next.value;
}

export async function runAsync<R>(gen: Generator<Step, R, Row[]>, exec: (step: Step) => Promise<Row[]>): Promise<R> {
  let next = gen.next(undefined as unknown as Row[]);
  while (!next.done) next = gen.next(await exec(next.value));
  return next.value;
}

export type { Dialect };
