// A row's id as the API takes it, in a path or a query: one schema for every route, bounded by the
// columns' range (INTEGER on PostgreSQL: at most 2,147,483,647), so an id past it is a 404 or a 400
// on both databases, never a failed query.
import { Type } from 'typebox';

/** The largest id a column holds (PostgreSQL's INTEGER). */
export const MAX_ID = 2_147_483_647;

/** A pattern for the whole numbers from 1 to `max` written without leading zeros. */
export function upTo(max: number): string {
  const digits = String(max);
  const shorter = digits.length > 1 ? [`[1-9][0-9]{0,${digits.length - 2}}`] : [];
  // Numbers as long as max: the same first i digits, then a smaller one, then any.
  const same = [...digits].map((d, i) => {
    const rest = digits.length - i - 1;
    const low = i === 0 ? 1 : 0;
    if (Number(d) <= low) return null;
    const range = Number(d) - 1 === low ? String(low) : `[${low}-${Number(d) - 1}]`;
    return `${digits.slice(0, i)}${range}${rest ? `[0-9]{${rest}}` : ''}`;
  });
  return `^(?:${[...shorter, ...same.filter((x) => x !== null), digits].join('|')})$`;
}

/** A lead's or an entry's id, as text (paths and queries are text). */
export const Id = Type.String({ pattern: upTo(MAX_ID), description: 'A whole number from 1 to 2147483647.' });

/** The parameters of a route with an id in its path. */
export const IdParams = Type.Object({ id: Id });
