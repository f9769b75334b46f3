/**
 * The DNS look-up that proves a domain's ownership (docs/api.md#custom-domains): every TXT string at
 * `_me-challenge.<domain>`, asked of DNS_SERVERS' resolvers (or the system's), one of which must be
 * `me-verify=<token>`.
 */
import { Resolver } from 'node:dns/promises';
import { challengeRecord } from '../contract/domains';

/** The TXT records at a name, each one's strings joined; [] when there are none. */
export type TxtLookup = (name: string) => Promise<string[]>;

/** What a look-up found: the record, or what was found instead. */
export type TxtCheck = { verified: true } | { verified: false; error: string };

/** Names with no records at all, or none of this type: the same to the user. */
const NOTHING_THERE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

const LOOKUP_TIMEOUT_MS = 3000;

export function createTxtLookup(servers: readonly string[] | undefined): TxtLookup {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      return (await resolver.resolveTxt(name)).map((strings) => strings.join(''));
    } catch (error) {
      if (NOTHING_THERE.has((error as { code?: string }).code ?? '')) return [];
      throw error;
    }
  };
}

export async function checkTxtRecord(lookup: TxtLookup, domain: string, token: string): Promise<TxtCheck> {
  const { name, value } = challengeRecord(domain, token);
  let found: string[];
  try {
    found = await lookup(name);
  } catch (error) {
    const code = (error as { code?: string }).code;
    return {
      verified: false,
      error: `The DNS lookup failed: ${code ?? (error instanceof Error ? error.message : 'unknown error')}`,
    };
  }
  if (found.includes(value)) return { verified: true };
  if (found.length === 0) return { verified: false, error: `No TXT record at ${name}` };
  return { verified: false, error: `A TXT record was found, but none says ${value}` };
}
