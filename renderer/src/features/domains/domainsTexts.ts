/**
 * The words of the admin's Domains screen (docs/api.md#custom-domains), read in the language in use
 * when called (catalogue: `domains`).
 */
import type { AdminDomain, DomainStatus } from '../../../../redirector/contract';
import { formatNumber } from '../../format/numbers';
import { catalogueTexts, i18next } from '../../i18n';

/** A domain's state in the UI's language. */
export function statusLabel(status: DomainStatus): string {
  return i18next.t(`domains.status.${status}`);
}

/** The entries read as they are, each under its own name. */
const PLAIN = 'title subtitle loading loadFailed empty emptyHint verify verifyFailed deleteTitle deleteFailed';

export function domainsTexts() {
  const t = i18next.t;
  return {
    columns: {
      domain: t('domains.columns.domain'),
      user: t('domains.columns.user'),
      status: t('common.status'),
      checked: t('domains.columns.checked'),
      verified: t('domains.columns.verified'),
      links: t('domains.columns.links'),
      actions: t('common.actions'),
    },
    verifyName: (domain: string) => t('domains.verifyName', { domain }),
    delete: t('common.remove'),
    deleteName: (domain: string) => t('domains.deleteName', { domain }),
    deleting: t('common.removing'),
    deleteQuestion: (domain: AdminDomain) =>
      t('domains.deleteQuestion', {
        count: domain.links,
        n: formatNumber(domain.links),
        domain: domain.domain,
        email: domain.user_email,
      }),
    ...catalogueTexts('domains', PLAIN),
  };
}
