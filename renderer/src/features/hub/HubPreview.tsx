/**
 * A live preview of the public page (docs/api.md#the-hub) with the colours the server uses
 * (contract/contrast.ts), so what the editor shows is what visitors will see.
 */
import type { CSSProperties } from 'react';
import { type ColorScheme, hubPalette, initialsOf } from '../../../../redirector/contract';
import type { HubDraft } from './hubDraft';

export interface HubPreviewProps {
  draft: HubDraft;
  buttons: string[];
  avatarSrc: string | null;
  /** The scheme `auto` shows here: the editor's own. */
  autoScheme: ColorScheme;
}

export function HubPreview({ draft, buttons, avatarSrc, autoScheme }: HubPreviewProps) {
  const scheme = draft.theme === 'auto' ? autoScheme : draft.theme;
  const palette = hubPalette(draft.accent, scheme);
  const style = {
    '--hub-bg': palette.background,
    '--hub-fg': palette.text,
    '--hub-muted': palette.muted,
  } as CSSProperties;
  const button: CSSProperties = { background: palette.accent, color: palette.onAccent, borderColor: palette.text };
  return (
    <div className="hub-preview" style={style} data-testid="hub-preview" data-scheme={scheme}>
      {avatarSrc ? (
        <img className="hub-preview__avatar" src={avatarSrc} alt="" />
      ) : (
        <div className="hub-preview__avatar hub-preview__initials" style={button} aria-hidden="true">
          {initialsOf(draft.title)}
        </div>
      )}
      <p className="hub-preview__title">{draft.title || '…'}</p>
      {draft.bio ? <p className="hub-preview__bio">{draft.bio}</p> : null}
      <ul className="hub-preview__links">
        {buttons.map((text, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the buttons are the draft's, in its order
          <li key={index} className="hub-preview__button" style={button}>
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}
