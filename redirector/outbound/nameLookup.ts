/**
 * How the service's own requests find addresses (docs/api.md#link-health): the system's resolver, or
 * DNS_SERVERS' when set (the servers custom domains are verified with), and whether those resolvers
 * answer at all: a name that fails to resolve is the destination's fault only when they do.
 */
import dns from 'node:dns';
import net from 'node:net';

export type NameLookup = (
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, answers: dns.LookupAddress[]) => void,
) => void;

/** A resolver's answer that the name has no address: it does not exist, or has no record of the kind. */
const NO_ADDRESS = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * A probe's failures that still show a working resolver: a refusal of the question. A resolver that
 * cannot reach its own upstream answers SERVFAIL (a stub such as systemd-resolved's or Docker's):
 * that counts as none answering, as do timeouts and refused packets. So does a resolver that says
 * the root does not exist or has no name servers (NXDOMAIN, NODATA): the root always has them, and
 * a resolver that denies it (a sandbox's, or one cut off that answers every name so) says the same
 * of every name, which would otherwise make every link "broken".
 */
const WORKING = new Set(['EREFUSED', 'EFORMERR', 'ENOTIMP']);

const LOOKUP_TIMEOUT_MS = 2500;

/** A lookup for http.request's `lookup` (through outbound/addressRules.ts guardedLookup). */
export function createNameLookup(servers: readonly string[] | undefined): NameLookup {
  if (!servers || servers.length === 0) {
    return (hostname, options, callback) =>
      dns.lookup(hostname, { ...options, all: true }, (error, answers) => callback(error, answers ?? []));
  }
  const resolver = new dns.promises.Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  resolver.setServers([...servers]);
  return (hostname, _options, callback) => {
    const family = net.isIP(hostname);
    if (family !== 0) return callback(null, [{ address: hostname, family }]);
    void Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]).then(([v4, v6]) => {
      const answers: dns.LookupAddress[] = [
        ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
        ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
      ];
      if (answers.length > 0) return callback(null, answers);
      const errors = [v4, v6].flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      const unanswered = errors.find((error) => !NO_ADDRESS.has(error?.code));
      if (unanswered) return callback(unanswered, []);
      // Answered, with no address: the name does not resolve, as getaddrinfo says it.
      const missing: NodeJS.ErrnoException = new Error(`queryA ENOTFOUND ${hostname}`);
      missing.code = 'ENOTFOUND';
      missing.syscall = 'queryA';
      callback(missing, []);
    });
  };
}

/**
 * Whether a resolver of this server works, asked with the root's name servers (`. NS`) at most once
 * per `cacheMs`: false means this server cannot resolve names now, whatever the name.
 */
export function createResolverProbe(
  servers: readonly string[] | undefined,
  options: { cacheMs?: number; clock?: () => number } = {},
): () => Promise<boolean> {
  const cacheMs = options.cacheMs ?? 2000;
  const clock = options.clock ?? Date.now;
  let last: { at: number; answers: Promise<boolean> } | undefined;
  return () => {
    const now = clock();
    if (last && now - last.at < cacheMs) return last.answers;
    const resolver = new dns.promises.Resolver({ timeout: 1500, tries: 2 });
    const asked = servers && servers.length > 0 ? [...servers] : dns.getServers();
    if (asked.length === 0) return Promise.resolve(false);
    resolver.setServers(asked);
    const answers = resolver.resolveNs('.').then(
      () => true,
      (error: NodeJS.ErrnoException) => WORKING.has(error.code ?? ''),
    );
    last = { at: now, answers };
    return answers;
  };
}
