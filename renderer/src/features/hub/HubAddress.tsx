/** The page's handle and addresses (docs/api.md#the-hub), with copy, the QR code and the publish switch. */
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Checkbox, TextField } from '../../components/Field';
import type { HubDraft } from './hubDraft';
import { HUB_TEXTS as TEXTS } from './hubTexts';

export interface HubAddressProps {
  draft: HubDraft;
  address: string;
  domainAddress: string | null;
  onChange: (patch: Partial<HubDraft>) => void;
  onQr: () => void;
  handleError: string | null;
}

function Address({ label, url, children }: { label: string; url: string; children?: ReactNode }) {
  return (
    <div className="hub-address">
      <span className="field__label">{label}</span>
      <div className="row">
        <a className="mono hub-address__url" href={url} target="_blank" rel="noreferrer" data-testid="hub-address">
          {url}
        </a>
        <CopyButton text={url} label={TEXTS.copy} />
        {children}
      </div>
    </div>
  );
}

export function HubAddress({ draft, address, domainAddress, onChange, onQr, handleError }: HubAddressProps) {
  return (
    <div className="stack">
      <TextField
        label={TEXTS.handle}
        required
        hint={TEXTS.handleHint}
        error={handleError}
        prefix="@"
        value={draft.handle}
        maxLength={30}
        autoComplete="off"
        onValueChange={(handle) => onChange({ handle })}
      />
      <Address label={TEXTS.address} url={address}>
        <Button size="sm" icon="qr" onClick={onQr}>
          {TEXTS.qr}
        </Button>
      </Address>
      {domainAddress ? <Address label={TEXTS.domainAddress} url={domainAddress} /> : null}
      <Checkbox
        label={TEXTS.published}
        hint={TEXTS.publishedHint}
        checked={draft.published}
        onCheckedChange={(published) => onChange({ published })}
      />
      <Checkbox
        label={TEXTS.tiktok}
        hint={TEXTS.tiktokHint}
        checked={draft.tiktok_bypass}
        onCheckedChange={(tiktok_bypass) => onChange({ tiktok_bypass })}
      />
    </div>
  );
}
