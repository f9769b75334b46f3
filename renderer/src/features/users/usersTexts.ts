/** The words of the admin's Users screen, in the language in use (read at render, never at load). */
import type { AdminUser } from '../../../../redirector/contract';
import { i18next } from '../../i18n';

export function usersTexts() {
  const t = i18next.t;
  return {
    title: t('users.title'),
    subtitle: t('users.subtitle'),
    search: t('users.search'),
    searchPlaceholder: t('users.searchPlaceholder'),
    pages: t('users.pages'),
    loading: t('users.loading'),
    loadFailed: t('users.loadFailed'),
    empty: t('users.empty'),
    emptyHint: t('users.emptyHint'),
    noMatch: t('users.noMatch'),
    noMatchHint: t('users.noMatchHint'),
    clearSearch: t('users.clearSearch'),
    columns: {
      user: t('users.columns.user'),
      domain: t('users.columns.domain'),
      created: t('users.columns.created'),
      links: t('users.columns.links'),
      clicks: t('users.columns.clicks'),
      status: t('users.columns.status'),
      actions: t('users.columns.actions'),
    },
    active: t('users.active'),
    disabled: t('users.disabled'),
    disable: t('users.disable'),
    enable: t('users.enable'),
    delete: t('users.delete'),
    invite: t('users.invite'),
    reset: t('users.reset'),
    linkFailed: t('users.linkFailed'),
    changeFailed: t('users.changeFailed'),
    deleteTitle: t('users.deleteTitle'),
    deleting: t('users.deleting'),
    deleteFailed: t('users.deleteFailed'),
    deleteQuestion: (user: AdminUser) =>
      t('users.deleteQuestion', {
        name: user.name,
        email: user.email,
        links: t('common.links', { count: user.links }),
        clicks: t('common.clicks', { count: user.clicks }),
      }),
  };
}
