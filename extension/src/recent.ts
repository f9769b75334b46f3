/** The popup's list of the latest links, each with its clicks, in the dashboard's words. */
import type { ExtensionLink } from './api';
import { byId, el } from './dom';
import { t } from './i18n';

export function showRecent(links: readonly ExtensionLink[]): void {
  const list = byId<HTMLUListElement>('recent-list');
  byId('recent').hidden = false;
  if (links.length === 0) {
    list.replaceChildren(el('li', { class: 'empty' }, t('extension.popup.noLinks')));
    return;
  }
  list.replaceChildren(
    ...links.map((link) =>
      el(
        'li',
        {},
        el('a', { href: link.short_url, target: '_blank', rel: 'noreferrer', title: link.target_url }, link.short_url),
        el('span', { class: 'clicks' }, t('common.clicks', { count: link.clicks })),
      ),
    ),
  );
}
