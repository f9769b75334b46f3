/**
 * The verified custom domains and their teams, kept in memory (docs/api.md#custom-domains): read on every
 * short-link request and by the TLS `allowed` call, so both stay a map lookup. Read again after
 * every change made here, and whenever the store says another instance or process changed one.
 */
import type { Store } from '../storage/store';
import { type DomainsKept, keepDomains } from './domainsKept';

export interface VerifiedDomains extends DomainsKept {
  /** The team whose verified domain this host is (lower case, no port); undefined otherwise. */
  ownerOf(host: string): number | undefined;
  /** The team's verified domain; null without one. */
  of(teamId: number): string | null;
}

/** `onChange`: after each read, awaited (what a host resolved to may have changed with its owner). */
export function keepVerifiedDomains(store: Store, onChange?: () => void | Promise<void>): VerifiedDomains {
  let owners = new Map<string, number>();
  let byTeam = new Map<number, string>();

  async function refresh(): Promise<void> {
    const rows = await store.domains.verified();
    owners = new Map(rows.map((row) => [row.domain, row.team_id]));
    byTeam = new Map(rows.map((row) => [row.team_id, row.domain]));
    await onChange?.();
  }
  return {
    ...keepDomains(store, 'the verified domains', refresh),
    ownerOf: (host) => owners.get(host),
    of: (teamId) => byTeam.get(teamId) ?? null,
  };
}
