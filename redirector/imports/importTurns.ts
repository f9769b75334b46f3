/**
 * How much of an import's work a turn of the event loop takes at most (docs/api.md#imports). A
 * job's storage statements are synchronous on SQLite, and mapping a click (its user agent, its
 * address) is work in JavaScript on either store: a page read from the source is stored in parts
 * of these sizes, each part its own transaction with the job's step, a turn between two parts, so
 * that redirects on the same instance are answered meanwhile. Measured with the bench's YOURLS
 * import (docs/performance.md): smaller parts add turns and transactions without lowering the
 * redirects' p99 further; larger ones raise it.
 */
import { yieldToRequests } from '../background';

export const LINKS_PER_TURN = 50;
export const CLICKS_PER_TURN = 500;

/** Lets what waits on the event loop (a redirect, a timer) run before the next part. */
export const nextTurn = yieldToRequests;

/** Runs `work` on `rows` part by part, a turn between parts; stops at a part that answers false. */
export async function inTurns<T>(
  rows: readonly T[],
  perTurn: number,
  work: (part: readonly T[]) => Promise<boolean>,
): Promise<boolean> {
  for (let start = 0; start < rows.length; start += perTurn) {
    if (start > 0) await nextTurn();
    if (!(await work(rows.slice(start, start + perTurn)))) return false;
  }
  return true;
}
