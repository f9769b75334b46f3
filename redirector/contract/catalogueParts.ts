/**
 * The parts the UI loads a language's catalogue in (docs/api.md#languages), pure. A language stays
 * one file (`locales/<code>.json`); the build cuts each into parts (scripts/build/catalogueParts.ts)
 * so that the landing page downloads only the words of the chosen language that its first screen
 * shows, and the rest comes with the first other screen.
 *
 * - `start`: the namespaces of the app's shell and the landing page (header, switches, loading and
 *   error screens, the API client's own messages);
 * - `rest`: every other namespace;
 * - any one namespace by its name (`language`: each language's name in itself, for the switch;
 *   `messages`: English's, to find a server message's key).
 */

export const START_NAMESPACES: readonly string[] = [
  'a11y',
  'api',
  'app',
  'common',
  'components',
  'landing',
  'language',
  'nav',
  'session',
  'theme',
];

export type CataloguePart = 'start' | 'rest' | string;

/** The part name in a catalogue import's query (`en.json?part=start`), or undefined when none. */
export function partOfQuery(id: string): string | undefined {
  const query = id.split('?')[1];
  if (query === undefined) return undefined;
  return new URLSearchParams(query).get('part') ?? undefined;
}

/** The namespaces of `catalogue` that `part` holds; an unknown part is an error, not an empty part. */
export function cataloguePart<T extends Record<string, unknown>>(catalogue: T, part: CataloguePart): Partial<T> {
  const namespaces = Object.keys(catalogue);
  const wanted =
    part === 'start'
      ? namespaces.filter((ns) => START_NAMESPACES.includes(ns))
      : part === 'rest'
        ? namespaces.filter((ns) => !START_NAMESPACES.includes(ns))
        : namespaces.includes(part)
          ? [part]
          : undefined;
  if (wanted === undefined) throw new Error(`no catalogue part "${part}": start, rest or a namespace`);
  return Object.fromEntries(wanted.map((ns) => [ns, catalogue[ns]])) as Partial<T>;
}
