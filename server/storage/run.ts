// Drives an operation's generator: each yielded statement is run and its rows sent back.
import { Lock, Sql, type Dialect, type Row, type Step } from './sql.ts';

export function runSync<R>(gen: Generator<Step, R, Row[]>, exec: (sql: Sql) => Row[]): R {
  let next = gen.next(undefined as unknown as Row[]);
  while (!next.done) next = gen.next(next.value instanceof Lock ? [] : exec(next.value));
  return next.value;
}

export async function runAsync<R>(gen: Generator<Step, R, Row[]>, exec: (step: Step) => Promise<Row[]>): Promise<R> {
  let next = gen.next(undefined as unknown as Row[]);
  while (!next.done) next = gen.next(await exec(next.value));
  return next.value;
}

/** Splits a migration into statements (none of ours holds a semicolon inside a string). */
export const statements = (text: string) =>
  text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

export type { Dialect };
