/** The page's words and looks (docs/api.md#the-hub): title, bio, theme, accent and avatar. */
import { useTranslation } from 'react-i18next';
import { HUB_THEMES, MAX_HUB_BIO, MAX_HUB_TITLE } from '../../../../redirector/contract';
import { ColourField } from '../../components/ColourField';
import { TextField } from '../../components/Field';
import { RadioGroup } from '../../components/RadioGroup';
import { type HubImage, HubImageField } from './HubImageField';
import { HubTextArea } from './HubTextArea';
import type { HubDraftPart } from './hubDraft';

export interface HubAppearanceProps extends HubDraftPart {
  avatar: HubImage;
}

export function HubAppearance({ draft, onChange, avatar }: HubAppearanceProps) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <TextField
        label={t('hub.pageTitle')}
        required
        value={draft.title}
        maxLength={MAX_HUB_TITLE}
        onValueChange={(title) => onChange({ title })}
      />
      <HubTextArea
        label={t('hub.bio')}
        value={draft.bio}
        max={MAX_HUB_BIO}
        rows={3}
        className="hub-bio"
        onValueChange={(bio) => onChange({ bio })}
      />
      <RadioGroup
        legend={t('hub.theme')}
        name="hub-theme"
        className="hub-theme"
        choices={HUB_THEMES}
        value={draft.theme}
        onChange={(theme) => onChange({ theme })}
      >
        {(theme) => <span className="checkbox__label">{t(`hub.themes.${theme}`)}</span>}
      </RadioGroup>
      <ColourField
        label={t('hub.accent')}
        className="hub-accent"
        value={draft.accent}
        onChange={(accent) => onChange({ accent })}
      />
      <HubImageField
        image={avatar}
        label={t('hub.avatar')}
        hint={t('hub.avatarHint')}
        removeLabel={t('hub.removeAvatar')}
      />
    </div>
  );
}
