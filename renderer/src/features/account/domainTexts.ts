/** The words of the Domain dialog (docs/api.md#custom-domains), in the language in use (read at render). */
import type { DomainStatus } from '../../../../redirector/contract';
import { i18next } from '../../i18n';

export function domainTexts() {
  const t = i18next.t;
  return {
    status: {
      pending: t('account.domain.pending'),
      verified: t('account.domain.verified'),
      failed: t('account.domain.failed'),
    } satisfies Record<DomainStatus, string>,
    title: t('account.domain.title'),
    description: t('account.domain.description'),
    stateTitle: t('account.domain.stateTitle'),
    defaultTitle: t('account.domain.defaultTitle'),
    verified: (domain: string) => t('account.domain.verifiedText', { domain }),
    pending: t('account.domain.pendingText'),
    failed: t('account.domain.failedText'),
    recordTitle: t('account.domain.recordTitle'),
    record: {
      type: { label: t('account.domain.recordType'), copy: t('account.domain.copyType') },
      name: { label: t('account.domain.recordName'), copy: t('account.domain.copyName') },
      value: { label: t('account.domain.recordValue'), copy: t('account.domain.copyValue') },
    },
    checkNow: t('account.domain.checkNow'),
    checking: t('account.domain.checking'),
    checkFailed: t('account.domain.checkFailed'),
    lastChecked: (date: string) => t('account.domain.lastChecked', { date }),
    neverChecked: t('account.domain.neverChecked'),
    lastError: t('account.domain.lastError'),
    linksLookLike: t('account.domain.linksLookLike'),
    routingTitle: t('account.domain.routingTitle'),
    routingSteps: (defaultDomain: string, domain: string | null) => {
      const shown = domain ?? t('account.domain.yourDomain');
      return [
        t('account.domain.routingCname', { domain: shown, defaultDomain }),
        t('account.domain.routingAddresses', { domain: shown, defaultDomain }),
        t('account.domain.routingWait'),
      ];
    },
    required: t('account.domain.required'),
    saveFailed: t('account.domain.saveFailed'),
    removeFailed: t('account.domain.removeFailed'),
    removeTitle: t('account.domain.removeTitle'),
    removeQuestion: t('account.domain.removeQuestion'),
    remove: t('account.domain.remove'),
    removing: t('account.domain.removing'),
    field: t('account.domain.field'),
    fieldHint: t('account.domain.fieldHint'),
    done: t('account.domain.done'),
    saving: t('account.domain.saving'),
    save: t('account.domain.save'),
  };
}
