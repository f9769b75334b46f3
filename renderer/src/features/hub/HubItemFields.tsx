/**
 * An item's own fields in the editor (docs/api.md#hub-items): a link's label, a heading's or a
 * text's words, a row of social profiles; and every item's options: shown, highlighted,
 * sensitive, and the times it is shown between.
 */
import { useTranslation } from 'react-i18next';
import {
  MAX_HEADING_TEXT,
  MAX_HUB_LABEL,
  MAX_SOCIALS,
  MAX_TEXT_TEXT,
  SOCIAL_PLATFORM_NAMES,
  SOCIAL_PLATFORMS,
  type SocialPlatform,
} from '../../../../redirector/contract';
import { Button, IconButton } from '../../components/Button';
import type { DraftItem, DraftSocial } from './hubDraft';

export interface HubItemFieldsProps {
  item: DraftItem;
  /** The row's name, for the fields' accessible names. */
  name: string;
  onChange: (patch: Partial<DraftItem>) => void;
}

function Socials({ item, onChange }: Omit<HubItemFieldsProps, 'name'>) {
  const { t } = useTranslation();
  const set = (socials: DraftSocial[]) => onChange({ socials });
  const at = (index: number, patch: Partial<DraftSocial>) =>
    set(item.socials.map((social, i) => (i === index ? { ...social, ...patch } : social)));
  return (
    <div className="stack hub-items__socials">
      {item.socials.map((social, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the row's socials, in its order
        <div className="row" key={index}>
          <select
            className="input"
            aria-label={t('hub.items.platform', { index: index + 1 })}
            value={social.platform}
            onChange={(event) => at(index, { platform: event.target.value as SocialPlatform })}
          >
            {SOCIAL_PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {/* A brand keeps its name; "Email" is a word, in the UI's language. */}
                {platform === 'email' ? t('common.email') : SOCIAL_PLATFORM_NAMES[platform]}
              </option>
            ))}
          </select>
          <input
            type={social.platform === 'email' ? 'email' : 'url'}
            className="input"
            aria-label={t('hub.items.profile', { index: index + 1 })}
            placeholder={social.platform === 'email' ? 'you@example.com' : 'https://'}
            value={social.url}
            onChange={(event) => at(index, { url: event.target.value })}
          />
          <IconButton
            icon="trash"
            tone="danger"
            label={t('hub.items.removeProfile', { index: index + 1 })}
            onClick={() => set(item.socials.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <Button
        icon="plus"
        disabled={item.socials.length >= MAX_SOCIALS}
        onClick={() => set([...item.socials, { platform: 'instagram', url: '' }])}
      >
        {t('hub.items.addProfile')}
      </Button>
    </div>
  );
}

export function HubItemFields({ item, name, onChange }: HubItemFieldsProps) {
  const { t } = useTranslation();
  switch (item.type) {
    case 'link':
      return (
        <input
          type="text"
          className="input"
          value={item.label}
          maxLength={MAX_HUB_LABEL}
          placeholder={name}
          aria-label={t('hub.labelOf', { name })}
          onChange={(event) => onChange({ label: event.target.value })}
        />
      );
    case 'heading':
    case 'text': {
      const max = item.type === 'heading' ? MAX_HEADING_TEXT : MAX_TEXT_TEXT;
      const label = item.type === 'heading' ? t('hub.items.kinds.heading') : t('hub.items.kinds.text');
      const props = {
        className: 'input',
        value: item.text,
        maxLength: max,
        'aria-label': label,
        onChange: (event: { target: { value: string } }) => onChange({ text: event.target.value }),
      };
      return item.type === 'heading' ? <input type="text" {...props} /> : <textarea rows={3} {...props} />;
    }
    case 'social':
      return <Socials item={item} onChange={onChange} />;
    default:
      return null;
  }
}

export function HubItemOptions({ item, name, onChange }: HubItemFieldsProps) {
  const { t } = useTranslation();
  const flag = (key: 'visible' | 'highlight' | 'sensitive') => (
    <label className="row hub-items__flag">
      <input type="checkbox" checked={item[key]} onChange={(event) => onChange({ [key]: event.target.checked })} />
      {t(`hub.items.${key}`)}
    </label>
  );
  const time = (key: 'starts_at' | 'ends_at') => (
    <label className="stack hub-items__time">
      <span>{t(`hub.items.${key}`)}</span>
      <input
        type="datetime-local"
        className="input"
        value={item[key]}
        onChange={(event) => onChange({ [key]: event.target.value })}
      />
    </label>
  );
  return (
    <details className="hub-items__options">
      <summary>{t('hub.items.options', { name })}</summary>
      <div className="row hub-items__flags">
        {flag('visible')}
        {flag('highlight')}
        {flag('sensitive')}
      </div>
      <div className="row hub-items__times">
        {time('starts_at')}
        {time('ends_at')}
      </div>
    </details>
  );
}
