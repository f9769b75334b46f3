/**
 * The readers of the stored clicks that wait between reads (the webhooks' worker and the broker's)
 * look again every second once they have taken every click, so that the clicks stored meanwhile
 * fill whole messages. Under load a second of clicks can be more than the window of recent clicks
 * (recentClicks.ts) and their kept texts (clickTexts.ts) hold, and a reader that far behind reads
 * its clicks back from the database and makes their texts again, several µs a click
 * (docs/performance.md#events). So on SQLite, whose click writer feeds the window, they are also
 * kicked each time CATCH_UP_ROOM more click ids were stored (docs/api.md#delivery).
 */
import type { EventFeed } from '../storage/repositories/eventFeed';
import { RECENT_CLICKS } from '../storage/repositories/recentClicks';
import { CLICK_TEXTS_KEPT } from './clickTexts';

/** The click ids a reader may fall behind before it is kicked: half of what the window and the texts keep. */
export const CATCH_UP_ROOM = Math.min(RECENT_CLICKS, CLICK_TEXTS_KEPT) / 2;

/**
 * Calls `kick` each time CATCH_UP_ROOM more click ids were stored (on SQLite; elsewhere never); the
 * returned function stops it.
 */
export function kickAsClicksCome(feed: EventFeed, kick: () => void): () => void {
  return feed.onAdvance?.(CATCH_UP_ROOM, kick) ?? (() => undefined);
}
