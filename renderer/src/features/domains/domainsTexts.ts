/**
 * The words of the admin's Domains screen (docs/api.md#custom-domains), read in the language in use
 * when called (catalogue: `domains`).
 */
import type { AdminDomain, DomainStatus } from '../../../../redirector/contract';
import type { BadgeTone } from '../../components/Badge';
import { formatNumber } from '../../format/numbers';
import { i18next } from '../../i18n';

const STATUS_TONES: Record<DomainStatus, BadgeTone> = { pending: 'warning', verified: 'success', failed: 'danger' };

export function statusView(status: DomainStatus): { label: string; tone: BadgeTone } {
  return { label: i18next.t(`domains.status.${status}`), tone: STATUS_TONES[status] };
}

export function domainsTexts() {
  const t = i18next.t;
  return {
    title: t('domains.title'),
    subtitle: t('domains.subtitle'),
    loading: t('domains.loading'),
    loadFailed: t('domains.loadFailed'),
    empty: t('domains.empty'),
    emptyHint: t('domains.emptyHint'),
    columns: {
      domain: t('domains.columns.domain'),
      user: t('domains.columns.user'),
      status: t('common.status'),
      checked: t('domains.columns.checked'),
      verified: t('domains.columns.verified'),
      links: t('domains.columns.links'),
      actions: t('common.actions'),
    },
    verify: t('domains.verify'),
    verifyName: (domain: string) => t('domains.verifyName', { domain }),
    verifyFailed: t('domains.verifyFailed'),
    delete: t('common.remove'),
    deleteName: (domain: string) => t('domains.deleteName', { domain }),
    deleteTitle: t('domains.deleteTitle'),
    deleting: t('common.removing'),
    deleteFailed: t('domains.deleteFailed'),
    deleteQuestion: (domain: AdminDomain) =>
      t('domains.deleteQuestion', {
        count: domain.links,
        n: formatNumber(domain.links),
        domain: domain.domain,
        email: domain.user_email,
      }),
  };
}
