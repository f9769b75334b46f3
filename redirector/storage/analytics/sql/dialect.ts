/**
 * What differs between the engines in the neutral SQL of analytics/sql/: parameter, integer sums,
 * how a raw click is human and folded, and text ordering. Plain strings, chosen by the panels
 * (../panels/), so that each ranged read is written once and every engine gets the same figure.
 */
import { visitorIdentitySql } from '../../visitorIdentity';

export interface Dialect {
  /** A named parameter. */
  param(name: string): string;
  /** SUM as an integer. */
  sum(expression: string): string;
  /** The visitor identity of a raw click `c`. */
  visitor: string;
  /** Condition: the click `c` is not a bot. */
  human: string;
  /** Condition: the click `c` is in the rollups (folded). */
  folded: string;
  /** Byte-order comparison for ties in text. */
  collate: string;
}

export const SQLITE_DIALECT: Dialect = {
  param: (name) => `@${name}`,
  sum: (expression) => `COALESCE(SUM(${expression}), 0)`,
  visitor: visitorIdentitySql('c'),
  human: 'c.is_bot = 0',
  folded: 'c.id <= (SELECT folded_click_id FROM analytics_fold WHERE id = 1)',
  collate: '',
};

export const POSTGRES_DIALECT: Dialect = {
  param: (name) => `@${name}`,
  sum: (expression) => `COALESCE(SUM(${expression}), 0)::bigint`,
  visitor: visitorIdentitySql('c'),
  human: 'NOT c.is_bot',
  folded: 'NOT EXISTS (SELECT 1 FROM clicks_unfolded u WHERE u.id = c.id)',
  collate: ' COLLATE "C"',
};

/** Turns `@name` parameters into PostgreSQL's `$n`, with the values in order. */
export function positional(sql: string, params: Record<string, unknown>): { text: string; values: unknown[] } {
  const names: string[] = [];
  const text = sql.replace(/@([a-z]\w*)/g, (_, name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  return { text, values: names.map((name) => params[name]) };
}
