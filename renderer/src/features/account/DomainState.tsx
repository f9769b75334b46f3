/**
 * The custom domain's state in the Domain dialog (docs/api.md#verification): its status, the TXT
 * record to add (each part with a copy button), "Check now" and what the last check found; once
 * verified, how links look on it. Below, the record that sends the domain's traffic here.
 */

import { useState } from 'react';
import type { DomainVerification } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { DomainSettingsPanel } from '../../components/DomainSettingsPanel';
import { DomainStatusBadge } from '../../components/DomainStatusBadge';
import { formatDateTime } from '../../format/dates';
import { localiseMessage } from '../../i18n/messages';
import { domainTexts } from './domainTexts';

export interface DomainStateProps {
  domain: string;
  verification: DomainVerification;
  /** A short link on the domain, as links are shown ('https://links.example.com/my-link'). */
  example: string;
  /** Looks the record up now; rejects when the call fails. Left out: not offered (a team member who is not an owner). */
  onVerify?: () => Promise<unknown>;
}

export function DomainState({ domain, verification, example, onVerify }: DomainStateProps) {
  const TEXTS = domainTexts();
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const verified = verification.status === 'verified';

  const check = async () => {
    if (!onVerify) return;
    setChecking(true);
    setFailure(null);
    try {
      await onVerify();
    } catch (caught) {
      setFailure(errorMessage(caught, TEXTS.checkFailed));
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="callout" aria-label={TEXTS.stateTitle} data-testid="domain-state">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <div className="callout__title">{TEXTS.stateTitle}</div>
        <DomainStatusBadge status={verification.status} label={TEXTS.status[verification.status]} />
      </div>
      <code className="code-block">{domain}</code>
      {verified ? (
        <>
          <p className="text-sm">{TEXTS.verified(domain)}</p>
          <p className="text-sm muted">
            {TEXTS.linksLookLike} <code>{example}</code>
          </p>
        </>
      ) : (
        <>
          <p className="text-sm muted">{verification.status === 'failed' ? TEXTS.failed : TEXTS.pending}</p>
          <VerificationRecord record={verification.record} />
          {failure ? <Banner tone="error">{failure}</Banner> : null}
          {verification.error ? (
            <Banner tone="warning" title={TEXTS.lastError}>
              {localiseMessage(verification.error)}
            </Banner>
          ) : null}
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <span className="text-sm muted">
              {verification.checked_at
                ? TEXTS.lastChecked(formatDateTime(verification.checked_at))
                : TEXTS.neverChecked}
            </span>
            {onVerify ? (
              <Button icon="refresh" onClick={check} loading={checking}>
                {checking ? TEXTS.checking : TEXTS.checkNow}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

function VerificationRecord({ record }: { record: DomainVerification['record'] }) {
  const TEXTS = domainTexts();
  const parts = [
    { ...TEXTS.record.type, value: record.type },
    { ...TEXTS.record.name, value: record.name },
    { ...TEXTS.record.value, value: record.value },
  ];
  return (
    <dl className="domain-record" aria-label={TEXTS.recordTitle}>
      {parts.map((part) => (
        <div key={part.label} className="domain-record__row">
          <dt className="text-sm muted">{part.label}</dt>
          <dd className="row" style={{ flexWrap: 'nowrap', gap: 6 }}>
            <code className="code-block grow">{part.value}</code>
            <CopyButton text={part.value} label={part.copy} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Where the domain's traffic must go (a CNAME to the default domain, or its addresses); once it is
 * verified, its fallbacks, app links and orphan visits below. Read-only: the steps (an owner's work)
 * are left out and the settings shown, not changed.
 */
export function RoutingInstructions({
  defaultDomain,
  domain,
  verified = false,
  readOnly = false,
}: {
  defaultDomain: string;
  domain: string | null;
  verified?: boolean;
  readOnly?: boolean;
}) {
  const TEXTS = domainTexts();
  return (
    <>
      {readOnly ? null : (
        <div className="callout">
          <div className="callout__title">{TEXTS.routingTitle}</div>
          <ol className="steps">
            {TEXTS.routingSteps(defaultDomain, domain).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      )}
      {verified && domain !== null ? <DomainSettingsPanel domain={domain} readOnly={readOnly} /> : null}
    </>
  );
}
