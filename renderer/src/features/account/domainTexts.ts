/** The words of the Domain dialog (docs/api.md#custom-domains), in the language in use (read at render). */
import type { DomainStatus } from '../../../../redirector/contract';
import { catalogueTexts, i18next } from '../../i18n';

/** The entries read as they are, each under its own name. */
const PLAIN =
  'title description stateTitle defaultTitle recordTitle checkNow checking checkFailed neverChecked lastError linksLookLike routingTitle required saveFailed removeFailed removeTitle removeQuestion remove removing field fieldHint done saving save';

export function domainTexts() {
  const t = i18next.t;
  return {
    status: catalogueTexts('account.domain', 'pending verified failed') satisfies Record<DomainStatus, string>,
    verified: (domain: string) => t('account.domain.verifiedText', { domain }),
    pending: t('account.domain.pendingText'),
    failed: t('account.domain.failedText'),
    record: {
      type: { label: t('account.domain.recordType'), copy: t('account.domain.copyType') },
      name: { label: t('account.domain.recordName'), copy: t('account.domain.copyName') },
      value: { label: t('account.domain.recordValue'), copy: t('account.domain.copyValue') },
    },
    /** A shared team's domain (docs/api.md#domains-and-hubs-of-a-team). */
    teamDescription: (name: string) => t('account.domain.teamDescription', { name }),
    teamReadOnly: t('account.domain.teamReadOnly'),
    lastChecked: (date: string) => t('account.domain.lastChecked', { date }),
    routingSteps: (defaultDomain: string, domain: string | null) => {
      const shown = domain ?? t('account.domain.yourDomain');
      return [
        t('account.domain.routingCname', { domain: shown, defaultDomain }),
        t('account.domain.routingAddresses', { domain: shown, defaultDomain }),
        t('account.domain.routingWait'),
      ];
    },
    ...catalogueTexts('account.domain', PLAIN),
  };
}
