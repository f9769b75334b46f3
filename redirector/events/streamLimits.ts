/**
 * How many live streams an instance and an account may hold (docs/api.md#live-stream): STREAM_MAX
 * per instance, STREAMS_PER_ACCOUNT per account (on PostgreSQL on every instance together, by the
 * account's places in the database: streamPlaces.ts). A stream still waiting for its place counts.
 */
import { RuleError } from '../ruleError';
import type { StreamViewer } from './streamChunks';
import type { StreamPlaces } from './streamPlaces';

export const STREAMS_PER_ACCOUNT = 20;
export const TOO_MANY_ACCOUNT_STREAMS = `At most ${STREAMS_PER_ACCOUNT} live streams per account`;
export const TOO_MANY_STREAMS = 'Too many live streams on this server; try again later';

/**
 * PostgreSQL: one of the account's places on every instance together, or RuleError 429. The stream
 * counts in `opening` while it waits, so the limits count it (checkLimits).
 */
export async function takePlace(
  places: StreamPlaces | undefined,
  opening: Set<StreamViewer>,
  viewer: StreamViewer,
): Promise<number | undefined> {
  const waiting = { ...viewer };
  opening.add(waiting);
  try {
    const place = await places?.take(viewer.account);
    if (places && place === undefined) throw new RuleError(429, TOO_MANY_ACCOUNT_STREAMS);
    return place;
  } finally {
    opening.delete(waiting);
  }
}

/**
 * RuleError 429 when the instance, or the viewer's account (whichever teams its streams show), has as
 * many streams as it may: the open ones and those still `opening` (waiting for their place).
 */
export function checkLimits(
  clients: ReadonlySet<StreamViewer>,
  opening: ReadonlySet<StreamViewer>,
  viewer: StreamViewer,
  streamMax: number,
): void {
  if (clients.size + opening.size >= streamMax) throw new RuleError(429, TOO_MANY_STREAMS);
  let mine = 0;
  for (const streams of [clients, opening])
    for (const client of streams) if (client.account === viewer.account) mine += 1;
  if (mine >= STREAMS_PER_ACCOUNT) throw new RuleError(429, TOO_MANY_ACCOUNT_STREAMS);
}
