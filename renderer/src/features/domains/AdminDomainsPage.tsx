/**
 * /admin/domains (docs/api.md#custom-domains): every claimed custom domain with its owner and state;
 * Verify by hand (for operators who check ownership themselves) and Remove after a confirmation.
 */
import { useState } from 'react';
import type { AdminDomain } from '../../../../redirector/contract';
import { useAdminDomainCalls, useAdminDomains } from '../../api/adminDomains';
import { errorMessage } from '../../api/client';
import { useConfirmDelete } from '../../api/useConfirmDelete';
import { FailureBanner } from '../../components/Banner';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { Loaded } from '../../components/LoadedList';
import { PageHeader } from '../../components/PageHeader';
import { DomainsTable } from './DomainsTable';
import { domainsTexts } from './domainsTexts';

export function AdminDomainsPage() {
  const TEXTS = domainsTexts();
  const calls = useAdminDomainCalls();
  const domains = useAdminDomains();
  const [busy, setBusy] = useState<string | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);
  const removal = useConfirmDelete(TEXTS, async (domain: AdminDomain) => {
    await calls.remove(domain.domain);
    domains.setData((list) => list && { domains: list.domains.filter((row) => row.domain !== domain.domain) });
  });

  const verify = async (domain: AdminDomain) => {
    setBusy(domain.domain);
    setChangeError(null);
    try {
      const saved = await calls.verify(domain.domain);
      domains.setData(
        (list) => list && { domains: list.domains.map((row) => (row.domain === saved.domain ? saved : row)) },
      );
    } catch (caught) {
      setChangeError(errorMessage(caught, TEXTS.verifyFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="stack">
      <PageHeader title={TEXTS.title} subtitle={TEXTS.subtitle} />
      <FailureBanner message={changeError} onDismiss={() => setChangeError(null)} />
      <Loaded load={domains} texts={TEXTS}>
        {({ domains: list }) => (
          <Card flush>
            {list.length > 0 ? (
              <DomainsTable domains={list} busy={busy} onVerify={verify} onRemove={removal.ask} />
            ) : (
              <EmptyState icon="globe" title={TEXTS.empty} description={TEXTS.emptyHint} />
            )}
          </Card>
        )}
      </Loaded>
      <ConfirmDialog {...removal.dialog} />
    </div>
  );
}
