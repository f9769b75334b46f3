// STUB: replaced by the accounts-and-links work.
import type { Store } from '../storage/store';
import type { LinkCache } from './linkCache';

// biome-ignore lint/complexity/noBannedTypes: stub until the link service lands
export type LinkService = {};

export function createLinkService(_deps: { store: Store; clock: () => number; linkCache: LinkCache }): LinkService {
  return {};
}
