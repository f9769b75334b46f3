/**
 * /admin/domains (docs/api.md#custom-domains): every claimed custom domain with its owner and state;
 * Verify by hand (for operators who check ownership themselves) and Remove after a confirmation.
 */
import type { AdminDomain } from '../../../../redirector/contract';
import { useAdminDomainCalls, useAdminDomains } from '../../api/adminDomains';
import { useConfirmDelete } from '../../api/useConfirmDelete';
import { useRowChange } from '../../api/useRowChange';
import { FailureBanner } from '../../components/Banner';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/Dialog';
import { DomainSettingsPanel } from '../../components/DomainSettingsPanel';
import { EmptyState } from '../../components/EmptyState';
import { Loaded } from '../../components/LoadedList';
import { PageHeader } from '../../components/PageHeader';
import { i18next } from '../../i18n';
import { DomainsTable } from './DomainsTable';
import { domainsTexts } from './domainsTexts';

export function AdminDomainsPage() {
  const TEXTS = domainsTexts();
  const calls = useAdminDomainCalls();
  const domains = useAdminDomains();
  const change = useRowChange<string>();
  const removal = useConfirmDelete(TEXTS, async (domain: AdminDomain) => {
    await calls.remove(domain.domain);
    domains.setData((list) => list && { domains: list.domains.filter((row) => row.domain !== domain.domain) });
  });

  // The other accounts' claims of the domain fail with it (docs/api.md#verification): read the list again.
  const verify = (domain: AdminDomain) =>
    change.run(domain.domain, TEXTS.verifyFailed, async () => {
      await calls.verify(domain.domain, domain.team_id);
      domains.reload();
    });

  return (
    <div className="stack">
      <PageHeader title={TEXTS.title} subtitle={TEXTS.subtitle} />
      <FailureBanner message={change.error} onDismiss={() => change.setError(null)} />
      <Loaded load={domains} texts={TEXTS}>
        {({ domains: list }) => (
          <Card flush>
            {list.length > 0 ? (
              <DomainsTable domains={list} busy={change.busy} onVerify={verify} onRemove={removal.ask} />
            ) : (
              <EmptyState icon="globe" title={TEXTS.empty} description={TEXTS.emptyHint} />
            )}
          </Card>
        )}
      </Loaded>
      <Card title={i18next.t('domains.settings.defaultTitle')}>
        <DomainSettingsPanel />
      </Card>
      <ConfirmDialog {...removal.dialog} />
    </div>
  );
}
