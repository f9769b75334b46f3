/** A stored click → the API's Click object (docs/api.md#resolving-a-short-link). */
import type { Click } from '../contract/clicks';
import type { ClickRecord } from '../storage/records';

export function toApiClick(click: ClickRecord): Click {
  return { ...click, created_at: new Date(click.clicked_at).toISOString() };
}
