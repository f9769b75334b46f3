/** The words of the API Keys dialog (user) and screen (administrator), in the language in use (read at render). */
import type { ApiKey } from '../../../../redirector/contract';
import { i18next } from '../../i18n';

export type KeySide = 'user' | 'admin';

/** How a script sends the key, with the call it is most likely to make first (not translated: it is code). */
export function keyUsage(side: KeySide, origin: string): string {
  return side === 'user'
    ? `curl -H "Authorization: Bearer <key>" ${origin}/api/links/user`
    : `curl -H "X-API-Key: <key>" ${origin}/api/links`;
}

export function keysTexts() {
  const t = i18next.t;
  return {
    title: t('keys.title'),
    subtitle: { user: t('keys.subtitleUser'), admin: t('keys.subtitleAdmin') } satisfies Record<KeySide, string>,
    nameLabel: t('keys.nameLabel'),
    namePlaceholder: t('keys.namePlaceholder'),
    nameHint: t('keys.nameHint'),
    create: t('keys.create'),
    creating: t('keys.creating'),
    createFailed: t('keys.createFailed'),
    newKeyTitle: t('keys.newKeyTitle'),
    newKeyWarning: t('keys.newKeyWarning'),
    copy: t('keys.copy'),
    copied: t('keys.copied'),
    done: t('keys.done'),
    usage: keyUsage,
    usageLabel: t('keys.usageLabel'),
    loading: t('keys.loading'),
    loadFailed: t('keys.loadFailed'),
    empty: t('keys.empty'),
    emptyHint: t('keys.emptyHint'),
    columns: {
      name: t('keys.columns.name'),
      key: t('keys.columns.key'),
      created: t('keys.columns.created'),
      lastUsed: t('keys.columns.lastUsed'),
      scope: t('keys.columns.scope'),
      domains: t('keys.columns.domains'),
      actions: t('keys.columns.actions'),
    },
    never: t('keys.never'),
    scopeLabel: t('keys.scopeLabel'),
    scopeHint: t('keys.scopeHint'),
    scopes: { read: t('keys.scopes.read'), write: t('keys.scopes.write') },
    domainsLabel: t('keys.domainsLabel'),
    domainsHint: t('keys.domainsHint'),
    domainsAll: t('keys.domainsAll'),
    delete: t('keys.delete'),
    deleteLabel: (key: ApiKey) => t('keys.deleteLabel', { name: key.name }),
    deleteTitle: t('keys.deleteTitle'),
    deleting: t('keys.deleting'),
    deleteFailed: t('keys.deleteFailed'),
    deleteQuestion: (key: ApiKey) => t('keys.deleteQuestion', { name: key.name, prefix: key.prefix }),
    close: t('keys.close'),
  };
}
