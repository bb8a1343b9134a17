// The database as the queries see it (./query.ts). Each table is declared beside the repository that
// owns it (./repositories/*.ts, `declare module '../schema.ts'`), so a new table is written where it is
// used; a test migrates both databases and holds every declared column to the real one, its presence,
// its nullability and its kind (server/tests/schema.test.ts). Every time is epoch milliseconds (a column
// ending _ms, or an integer named _at); the text times of older releases are kept, unread once converted.
import type { ColumnType } from 'kysely';

/** INTEGER: a number on both databases. */
export type Int = number;
/** BIGINT: PostgreSQL answers with text (the readers turn it into a number), SQLite with a number. */
export type Big = ColumnType<number | string, number, number>;
/** A BIGINT that may be empty. */
export type BigOrNull = ColumnType<number | string | null, number | null, number | null>;
/** DOUBLE PRECISION on PostgreSQL, REAL on SQLite. */
export type Real = number;

/** Every table, each declared beside the repository that owns it (`declare module '../schema.ts'`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
