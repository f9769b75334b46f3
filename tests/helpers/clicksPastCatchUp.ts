/**
 * The clicks that show a reader of the stored clicks (a webhook's worker, the broker's) kicked as
 * they come (redirector/events/clickCatchUp.ts), for a reader that has taken every click stored so
 * far and whose own wait is longer than the test: 50 more clicks (fewer ids than CATCH_UP_ROOM)
 * are not taken, then CATCH_UP_ROOM + 100 more all arrive.
 */
import { expect } from 'vitest';
import { CATCH_UP_ROOM } from '../../redirector/events/clickCatchUp';
import type { Store } from '../../redirector/storage/store';
import { newClick } from './records';
import { waitFor } from './webhookReceiver';

/** `arrived`: the ids of the clicks the reader's receiver got so far, `before` of them at the start. */
export async function expectKickedPastCatchUpRoom(
  store: Store,
  linkId: number,
  before: number,
  arrived: () => number[] | Promise<number[]>,
): Promise<void> {
  // A few clicks: fewer ids than CATCH_UP_ROOM, no kick.
  await store.clicks.insertMany(Array.from({ length: 50 }, (_, i) => newClick(linkId, 1_700_000_001_000 + i)));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(await arrived()).toHaveLength(before);
  // Past CATCH_UP_ROOM ids since the reader started: kicked, and every click goes.
  const more = CATCH_UP_ROOM + 100;
  await store.clicks.insertMany(Array.from({ length: more }, (_, i) => newClick(linkId, 1_700_000_002_000 + i)));
  await waitFor(async () => (await arrived()).length === before + 50 + more, 30_000, 'the clicks after the kick');
}
