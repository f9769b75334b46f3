/** 'Custom Domain Settings' (docs/api.md#pages): set or remove the user's custom domain. */
import { type FormEvent, useState } from 'react';
import { DOMAIN_REQUIRED } from '../../../../redirector/contract';
import { errorMessage } from '../../api/client';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { TextField } from '../../components/Field';
import { type LinkHost, shortLinkText } from '../../format/shortUrl';

export interface DomainDialogProps {
  customDomain: string | null;
  /** The service's host name, the CNAME target. */
  defaultDomain: string;
  /** How links look on the default domain (public URL host, with its port). */
  defaultHost: LinkHost;
  onClose: () => void;
  /** Resolves with the domain as stored. */
  onSave: (domain: string) => Promise<string>;
  onRemove: () => Promise<void>;
}

/** Only the blank check runs here: the server's answer names any other problem (docs/api.md#domain). */
export function validateDomain(value: string): string | null {
  return value.trim() === '' ? DOMAIN_REQUIRED : null;
}

export function DomainDialog({
  customDomain,
  defaultDomain,
  defaultHost,
  onClose,
  onSave,
  onRemove,
}: DomainDialogProps) {
  const [value, setValue] = useState(customDomain ?? '');
  const [inputError, setInputError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const busy = saving || removing;
  const shownHost: LinkHost = customDomain ? { domain: customDomain, origin: '' } : defaultHost;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const invalid = validateDomain(value);
    setInputError(invalid);
    if (invalid) return;
    setSaving(true);
    try {
      await onSave(value.trim());
    } catch (caught) {
      setError(errorMessage(caught, 'Failed to save domain'));
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
      setError(errorMessage(caught, 'Failed to remove domain'));
    } finally {
      setRemoving(false);
      setConfirmingRemove(false);
    }
  };

  return (
    <>
      <Dialog
        open
        onClose={() => (busy ? undefined : onClose())}
        title="Custom Domain Settings"
        description="Use your own domain for your short links, so they carry your brand instead of ours."
        footerSplit={customDomain !== null}
        footer={
          <DomainDialogFooter
            removable={customDomain !== null}
            busy={busy}
            saving={saving}
            onRemove={() => setConfirmingRemove(true)}
            onClose={onClose}
          />
        }
      >
        {error ? <Banner tone="error">{error}</Banner> : null}
        <CurrentDomain customDomain={customDomain} shownHost={shownHost} />
        <form id="domain-form" className="form" noValidate onSubmit={save}>
          <TextField
            label="Custom Domain"
            name="domain"
            placeholder="links.example.com"
            value={value}
            onValueChange={(next) => {
              setValue(next);
              if (inputError) setInputError(null);
            }}
            error={inputError}
            hint="Enter your domain without https://"
            autoComplete="off"
            spellCheck={false}
            autoFocus
          />
        </form>
        <SetupInstructions defaultDomain={defaultDomain} />
      </Dialog>
      <ConfirmDialog
        open={confirmingRemove}
        title="Remove custom domain"
        message="Are you sure you want to remove your custom domain?"
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={removing}
        onConfirm={remove}
        onCancel={() => setConfirmingRemove(false)}
      />
    </>
  );
}

/** The domain links are shown on now, and how a link looks there. */
function CurrentDomain({ customDomain, shownHost }: { customDomain: string | null; shownHost: LinkHost }) {
  return (
    <div className="callout">
      <div className="callout__title">{customDomain ? 'Current custom domain' : 'Default domain'}</div>
      <div className="row">
        <code className="code-block grow">{shownHost.domain}</code>
      </div>
      <p className="text-sm muted">
        Your links look like <code>{shortLinkText(shownHost, 'my-link')}</code>
      </p>
    </div>
  );
}

/** What the user sets up at their DNS provider. */
function SetupInstructions({ defaultDomain }: { defaultDomain: string }) {
  return (
    <div className="callout">
      <div className="callout__title">Setup Instructions</div>
      <ol className="steps">
        <li>Point your domain's DNS to our servers.</li>
        <li>
          Add a CNAME record pointing to <code>{defaultDomain}</code>.
        </li>
        <li>Wait up to 24 hours for DNS propagation.</li>
      </ol>
    </div>
  );
}

interface DomainDialogFooterProps {
  removable: boolean;
  busy: boolean;
  saving: boolean;
  onRemove: () => void;
  onClose: () => void;
}

function DomainDialogFooter({ removable, busy, saving, onRemove, onClose }: DomainDialogFooterProps) {
  return (
    <>
      {removable ? (
        <Button variant="danger-outline" onClick={onRemove} disabled={busy}>
          Remove
        </Button>
      ) : null}
      <div className="row">
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form="domain-form" variant="primary" loading={saving}>
          {saving ? 'Saving...' : 'Save Domain'}
        </Button>
      </div>
    </>
  );
}
