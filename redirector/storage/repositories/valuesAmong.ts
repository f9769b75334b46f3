/**
 * Which of many values a query finds, a batch of values per query: a CSV import checks every
 * row's short code and every destination's host this way, in a few queries instead of one per row.
 */
import type { Executor, SqlParam } from '../executor';

/** Values per query: far below either engine's limit on parameters (SQLite 32,766, PostgreSQL 65,535). */
export const VALUES_PER_QUERY = 1024;

/**
 * A fixed query: `sql` gets the placeholder list (`?, ?, …`) of one batch and selects the values
 * it finds as `value`; `params` the batch's parameters, in the order of the placeholders.
 */
export interface ValuesQuery {
  sql(list: string): string;
  params(batch: readonly string[]): SqlParam[];
}

/** Lists are padded to a power of two (repeating a value), so a handful of statement texts serve every length. */
function padded(values: readonly string[]): string[] {
  let size = 1;
  while (size < values.length) size *= 2;
  return [...values, ...new Array<string>(size - values.length).fill(values[0]!)];
}

/** The distinct `values` that `query` finds. */
export async function valuesAmong(db: Executor, query: ValuesQuery, values: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const distinct = [...new Set(values)];
  for (let start = 0; start < distinct.length; start += VALUES_PER_QUERY) {
    const batch = padded(distinct.slice(start, start + VALUES_PER_QUERY));
    const rows = await db.all<{ value: string }>(query.sql(batch.map(() => '?').join(', ')), query.params(batch));
    for (const row of rows) found.add(row.value);
  }
  return found;
}
