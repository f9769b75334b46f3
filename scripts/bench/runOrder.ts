/**
 * The order of the redirect phase's measured runs on Me's SQLite server (docs/performance.md, "The
 * bench"), pure. A run's figure carries the trailing work of the run before it (the fold of its
 * clicks, a checkpoint), so the kinds compared with a plain redirect (on a custom domain, split
 * links, 20 rules) take turns with it: over four rounds each takes each place once, and each
 * compared run has a plain run of the same round beside it, at most three runs away.
 */

/** The kinds of redirect whose CPU per request is compared with a plain link's. */
export type RedirectKind = 'plain' | 'domain' | 'rules' | 'split';

const KINDS: readonly RedirectKind[] = ['plain', 'domain', 'rules', 'split'];

/** The order of measured run `run` (1 for the first): the kinds turned by one place a run. */
export function redirectRunOrder(run: number): RedirectKind[] {
  const shift = (((run - 1) % KINDS.length) + KINDS.length) % KINDS.length;
  return [...KINDS.slice(shift), ...KINDS.slice(0, shift)];
}
