/**
 * A stored hub item as the API shows it (docs/api.md#hub-items): times as ISO strings, a link
 * item with its button's text and its short_url.
 */
import { shortUrlOf } from '../contract/domains';
import type { HubItem } from '../contract/hub';
import { otherItemBody } from '../contract/hubItems';
import { isoTimeOrNull } from '../contract/times';
import type { HubItemRecord } from '../storage/repositories/hubRepository';

/** What a link's button says: its label, else its title, else its code. */
export function buttonText(link: { label: string | null; title: string; short_code: string }): string {
  return link.label ?? (link.title.trim() || link.short_code);
}

export function toHubItem(item: HubItemRecord, publicUrl: string): HubItem {
  const flags = {
    id: item.id,
    visible: item.visible,
    starts_at: isoTimeOrNull(item.starts_at),
    ends_at: isoTimeOrNull(item.ends_at),
    highlight: item.highlight,
    sensitive: item.sensitive,
  };
  switch (item.type) {
    case 'link':
      return {
        ...flags,
        type: 'link',
        link_id: item.link_id,
        label: item.label,
        text: buttonText(item),
        short_url: shortUrlOf(publicUrl, item.domain, item.short_code),
      };
    default:
      return { ...flags, ...otherItemBody(item) };
  }
}
