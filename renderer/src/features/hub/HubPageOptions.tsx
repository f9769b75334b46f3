/**
 * The page's second-edition options (docs/api.md#hub-items): a background colour or image, the
 * description search engines and shared cards show, noindex, and the sensitive-content step.
 */
import { useTranslation } from 'react-i18next';
import { MAX_HUB_DESCRIPTION } from '../../../../redirector/contract';
import { ColourField } from '../../components/ColourField';
import { type HubImage, HubImageField } from './HubImageField';
import { HubTextArea } from './HubTextArea';
import type { HubDraftPart } from './hubDraft';

export interface HubPageOptionsProps extends HubDraftPart {
  background: HubImage;
}

export function HubPageOptions({ draft, onChange, background }: HubPageOptionsProps) {
  const { t } = useTranslation();
  const flag = (key: 'noindex' | 'sensitive') => (
    <label className="checkbox">
      <input type="checkbox" checked={draft[key]} onChange={(event) => onChange({ [key]: event.target.checked })} />
      <span className="checkbox__label">{t(`hub.options.${key}`)}</span>
    </label>
  );
  return (
    <div className="stack">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.background_color !== ''}
          onChange={(event) => onChange({ background_color: event.target.checked ? '#f5f0e6' : '' })}
        />
        <span className="checkbox__label">{t('hub.options.ownBackground')}</span>
      </label>
      {draft.background_color ? (
        <ColourField
          label={t('hub.options.backgroundColor')}
          className="hub-background"
          value={draft.background_color}
          onChange={(background_color) => onChange({ background_color })}
        />
      ) : null}
      <HubImageField
        image={background}
        label={t('hub.options.backgroundImage')}
        hint={background.canUpload ? t('hub.options.backgroundHint') : t('hub.options.backgroundFirst')}
        removeLabel={t('hub.options.removeBackground')}
      />
      <HubTextArea
        label={t('hub.options.description')}
        value={draft.meta_description}
        max={MAX_HUB_DESCRIPTION}
        rows={2}
        onValueChange={(meta_description) => onChange({ meta_description })}
      />
      {flag('noindex')}
      {flag('sensitive')}
    </div>
  );
}
