/**
 * A list's state (search, filter, sort, page) kept in the address's query, so Back, Forward and
 * Reload show the same list. Only values that differ from the defaults appear in the address, and
 * a bad value typed by hand falls back to its default instead of an error.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

type Parsed<T> = { ok: true; query: T } | { ok: false; error: string };
type Parse<T> = (params: Record<string, string>) => Parsed<T>;

function parsed<T>(parse: Parse<T>, params: Record<string, string>): T {
  const result = parse(params);
  if (!result.ok) throw new Error(`the list's defaults are not a valid query: ${result.error}`);
  return result.query;
}

/** The query the address holds: each key kept only while the ones before it and it still parse. */
export function readUrlQuery<T extends object>(search: URLSearchParams, keys: readonly string[], parse: Parse<T>): T {
  let kept: Record<string, string> = {};
  for (const key of keys) {
    const value = search.get(key);
    if (value === null) continue;
    const next = { ...kept, [key]: value };
    if (parse(next).ok) kept = next;
  }
  return parsed(parse, kept);
}

/** `base` with the query written in: a value its default would give anyway is left out. */
export function writeUrlQuery<T extends object>(
  query: T,
  keys: readonly string[],
  parse: Parse<T>,
  base = new URLSearchParams(),
): URLSearchParams {
  const values: Record<string, string> = {};
  for (const key of keys) {
    const value = String((query as Record<string, unknown>)[key] ?? '');
    if (value !== '') values[key] = value;
  }
  // A value is implied when dropping it parses to the same value (`order=asc` under `sort=title`).
  for (const key of keys) {
    if (!(key in values)) continue;
    const { [key]: value, ...others } = values;
    if (String((parsed(parse, others) as Record<string, unknown>)[key]) === value) delete values[key];
  }
  const next = new URLSearchParams(base);
  for (const key of keys) {
    const value = values[key];
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export interface UrlQuery<T> {
  query: T;
  /** Changes some fields; any change but the page's starts again from page 1. Typing replaces the entry. */
  update: (patch: Partial<T>, options?: { replace?: boolean }) => void;
}

export function useUrlQuery<T extends { page: number }>(keys: readonly string[], parse: Parse<T>): UrlQuery<T> {
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => readUrlQuery(search, keys, parse), [search, keys, parse]);
  const update = useCallback(
    (patch: Partial<T>, options: { replace?: boolean } = {}) => {
      setSearch(
        (current) => {
          const now = readUrlQuery(current, keys, parse);
          const next = { ...now, ...patch, page: patch.page ?? 1 };
          return writeUrlQuery(next, keys, parse, current);
        },
        { replace: options.replace },
      );
    },
    [setSearch, keys, parse],
  );
  return { query, update };
}
