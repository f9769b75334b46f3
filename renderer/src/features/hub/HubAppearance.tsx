/** The page's words and looks (docs/api.md#the-hub): title, bio, theme, accent and avatar. */
import { HUB_THEMES, MAX_HUB_BIO, MAX_HUB_TITLE } from '../../../../redirector/contract';
import { Button } from '../../components/Button';
import { Field, TextField } from '../../components/Field';
import type { HubDraft } from './hubDraft';
import { HUB_TEXTS as TEXTS } from './hubTexts';

export interface HubAppearanceProps {
  draft: HubDraft;
  onChange: (patch: Partial<HubDraft>) => void;
  /** False until the page is saved: an avatar needs a page. */
  canUpload: boolean;
  hasAvatar: boolean;
  onAvatar: (file: File) => void;
  onRemoveAvatar: () => void;
  busy: boolean;
}

export function HubAppearance({
  draft,
  onChange,
  canUpload,
  hasAvatar,
  onAvatar,
  onRemoveAvatar,
  busy,
}: HubAppearanceProps) {
  return (
    <div className="stack">
      <TextField
        label={TEXTS.pageTitle}
        required
        value={draft.title}
        maxLength={MAX_HUB_TITLE}
        onValueChange={(title) => onChange({ title })}
      />
      <Field label={TEXTS.bio} optional hint={`${[...draft.bio].length} / ${MAX_HUB_BIO}`}>
        {(control) => (
          <textarea
            {...control}
            className="input hub-bio"
            rows={3}
            value={draft.bio}
            maxLength={MAX_HUB_BIO * 2}
            onChange={(event) => onChange({ bio: event.target.value })}
          />
        )}
      </Field>
      <fieldset className="hub-theme">
        <legend className="field__label">{TEXTS.theme}</legend>
        {HUB_THEMES.map((theme) => (
          <label key={theme} className="checkbox">
            <input
              type="radio"
              name="hub-theme"
              value={theme}
              checked={draft.theme === theme}
              onChange={() => onChange({ theme })}
            />
            <span className="checkbox__label">{TEXTS.themes[theme]}</span>
          </label>
        ))}
      </fieldset>
      <Field label={TEXTS.accent}>
        {(control) => (
          <div className="row">
            <input
              {...control}
              type="color"
              className="hub-accent"
              value={draft.accent}
              onChange={(event) => onChange({ accent: event.target.value.toLowerCase() })}
            />
            <span className="mono">{draft.accent}</span>
          </div>
        )}
      </Field>
      <Field label={TEXTS.avatar} hint={canUpload ? TEXTS.avatarHint : TEXTS.avatarFirst}>
        {(control) => (
          <div className="row">
            <input
              {...control}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={!canUpload || busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) onAvatar(file);
                event.target.value = '';
              }}
            />
            {hasAvatar ? (
              <Button size="sm" variant="danger-outline" disabled={busy} onClick={onRemoveAvatar}>
                {TEXTS.removeAvatar}
              </Button>
            ) : null}
          </div>
        )}
      </Field>
    </div>
  );
}
