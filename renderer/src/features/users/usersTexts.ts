/** The words of the admin's Users screen, in the language in use (read at render, never at load). */
import type { AdminUser } from '../../../../redirector/contract';
import { catalogueTexts, i18next } from '../../i18n';

/** The entries read as they are, each under its own name. */
const PLAIN =
  'title subtitle search searchPlaceholder pages loading loadFailed empty emptyHint noMatch noMatchHint clearSearch active invited disabled disable enable delete invite reset linkFailed changeFailed deleteTitle deleting deleteFailed';

export function usersTexts() {
  const t = i18next.t;
  return {
    columns: catalogueTexts('users.columns', 'user domain created links clicks status actions'),
    deleteQuestion: (user: AdminUser) =>
      t('users.deleteQuestion', {
        name: user.name,
        email: user.email,
        links: t('common.links', { count: user.links }),
        clicks: t('common.clicks', { count: user.clicks }),
      }),
    ...catalogueTexts('users', PLAIN),
  };
}
