/**
 * 'Custom Domain Settings' (docs/api.md#pages, #custom-domains): set, verify or remove the user's
 * custom domain, or the chosen shared team's (docs/api.md#domains-and-hubs-of-a-team), which only
 * its owners change. The dialog stays open after a save, so the record to add shows at once.
 */
import { type FormEvent, useState } from 'react';
import type { DomainVerification } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { TextField } from '../../components/Field';
import { type LinkHost, linkHost, shortLinkText, shortLinkUrl } from '../../format/shortUrl';
import { DomainState, RoutingInstructions } from './DomainState';
import { domainTexts } from './domainTexts';

export interface DomainDialogProps {
  customDomain: string | null;
  /** The custom domain's state; null without one. */
  verification: DomainVerification | null;
  /** The service's host name, the CNAME target. */
  defaultDomain: string;
  /** How links look on the default domain (public URL host, with its port). */
  defaultHost: LinkHost;
  onClose: () => void;
  /** Resolves with the domain as stored. */
  onSave: (domain: string) => Promise<string>;
  /** Looks the TXT record up now (POST /api/user/domain/verify). */
  onVerify: () => Promise<unknown>;
  onRemove: () => Promise<void>;
  /** A shared team's domain: the team's name; left out for the user's own. */
  teamName?: string;
  /** Not an owner of the team: the domain and its settings are shown, nothing is offered to change. */
  readOnly?: boolean;
}

/** Only the blank check runs here: the server's answer names any other problem (docs/api.md#domain). */
export function validateDomain(value: string): string | null {
  return value.trim() === '' ? domainTexts().required : null;
}

/** The dialog's form: the value typed, its check, and the save and remove calls with their failures. */
function useDomainForm(
  customDomain: string | null,
  onSave: DomainDialogProps['onSave'],
  onRemove: DomainDialogProps['onRemove'],
) {
  const TEXTS = domainTexts();
  const [value, setValue] = useState(customDomain ?? '');
  const [inputError, setInputError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const busy = saving || removing;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const invalid = validateDomain(value);
    setInputError(invalid);
    if (invalid) return;
    setSaving(true);
    try {
      setValue(await onSave(value.trim()));
    } catch (caught) {
      setError(errorMessage(caught, TEXTS.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setRemoving(true);
    setError(null);
    try {
      await onRemove();
      setValue('');
    } catch (caught) {
      setError(errorMessage(caught, TEXTS.removeFailed));
    } finally {
      setRemoving(false);
      setConfirmingRemove(false);
    }
  };

  return {
    value,
    setValue,
    inputError,
    setInputError,
    error,
    saving,
    removing,
    busy,
    save,
    remove,
    confirmingRemove,
    setConfirmingRemove,
  };
}

export function DomainDialog({
  customDomain,
  verification,
  defaultDomain,
  defaultHost,
  onClose,
  onSave,
  onVerify,
  onRemove,
  teamName,
  readOnly = false,
}: DomainDialogProps) {
  const TEXTS = domainTexts();
  const form = useDomainForm(customDomain, onSave, onRemove);
  const { value, setValue, inputError, setInputError, error, saving, removing, busy } = form;
  const verified = customDomain !== null && verification?.status === 'verified';
  const shownHost: LinkHost = verified ? linkHost(customDomain, defaultHost.origin) : defaultHost;
  const example = shortLinkUrl(shownHost, 'my-link');

  return (
    <>
      <Dialog
        open
        onClose={() => (busy ? undefined : onClose())}
        title={TEXTS.title}
        description={teamName === undefined ? TEXTS.description : TEXTS.teamDescription(teamName)}
        footerSplit={customDomain !== null && !readOnly}
        footer={
          <DomainDialogFooter
            readOnly={readOnly}
            removable={customDomain !== null}
            busy={busy}
            saving={saving}
            onRemove={() => form.setConfirmingRemove(true)}
            onClose={onClose}
          />
        }
      >
        {error ? <Banner tone="error">{error}</Banner> : null}
        {readOnly ? <Banner tone="info">{TEXTS.teamReadOnly}</Banner> : null}
        {customDomain !== null && verification !== null ? (
          <DomainState
            domain={customDomain}
            verification={verification}
            example={example}
            onVerify={readOnly ? undefined : onVerify}
          />
        ) : (
          <CurrentDomain shownHost={shownHost} />
        )}
        {readOnly ? null : (
          <DomainForm
            value={value}
            error={inputError}
            onChange={(next) => {
              setValue(next);
              if (inputError) setInputError(null);
            }}
            onSubmit={form.save}
          />
        )}
        <RoutingInstructions
          defaultDomain={defaultDomain}
          domain={customDomain}
          verified={verified}
          readOnly={readOnly}
        />
      </Dialog>
      <ConfirmDialog
        open={form.confirmingRemove}
        title={TEXTS.removeTitle}
        message={TEXTS.removeQuestion}
        confirmLabel={TEXTS.remove}
        busyLabel={TEXTS.removing}
        busy={removing}
        onConfirm={form.remove}
        onCancel={() => form.setConfirmingRemove(false)}
      />
    </>
  );
}

interface DomainFormProps {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
}

function DomainForm({ value, error, onChange, onSubmit }: DomainFormProps) {
  const TEXTS = domainTexts();
  return (
    <form id="domain-form" className="form" noValidate onSubmit={onSubmit}>
      <TextField
        label={TEXTS.field}
        name="domain"
        placeholder="links.example.com"
        value={value}
        onValueChange={onChange}
        error={error}
        hint={TEXTS.fieldHint}
        autoComplete="off"
        spellCheck={false}
        autoFocus
      />
    </form>
  );
}

/** Without a custom domain: the default domain links are shown on, and how a link looks there. */
function CurrentDomain({ shownHost }: { shownHost: LinkHost }) {
  const TEXTS = domainTexts();
  return (
    <div className="callout">
      <div className="callout__title">{TEXTS.defaultTitle}</div>
      <div className="row">
        <code className="code-block grow">{shownHost.domain}</code>
      </div>
      <p className="text-sm muted">
        {TEXTS.linksLookLike} <code>{shortLinkText(shownHost, 'my-link')}</code>
      </p>
    </div>
  );
}

interface DomainDialogFooterProps {
  /** Only "Done": nothing to save or remove. */
  readOnly: boolean;
  removable: boolean;
  busy: boolean;
  saving: boolean;
  onRemove: () => void;
  onClose: () => void;
}

function DomainDialogFooter({ readOnly, removable, busy, saving, onRemove, onClose }: DomainDialogFooterProps) {
  const TEXTS = domainTexts();
  if (readOnly) return <Button onClick={onClose}>{TEXTS.done}</Button>;
  return (
    <>
      {removable ? (
        <Button variant="danger-outline" onClick={onRemove} disabled={busy}>
          {TEXTS.remove}
        </Button>
      ) : null}
      <div className="row">
        <Button onClick={onClose} disabled={busy}>
          {TEXTS.done}
        </Button>
        <Button type="submit" form="domain-form" variant="primary" loading={saving}>
          {saving ? TEXTS.saving : TEXTS.save}
        </Button>
      </div>
    </>
  );
}
