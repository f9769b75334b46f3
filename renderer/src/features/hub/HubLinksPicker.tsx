/**
 * The links a page shows (docs/api.md#the-hub): pick them from the user's links, label them, and
 * order them by dragging or, from the keyboard, with "Move up" and "Move down".
 */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Link, MAX_HUB_LABEL, MAX_HUB_LINKS } from '../../../../redirector/contract';
import { Button, IconButton } from '../../components/Button';
import { type DraftLink, moveItem } from './hubDraft';

export interface HubLinksPickerProps {
  value: DraftLink[];
  /** The user's links to pick from. */
  links: Link[];
  onChange: (links: DraftLink[]) => void;
}

export function HubLinksPicker({ value, links, onChange }: HubLinksPickerProps) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [picked, setPicked] = useState('');
  const byId = new Map(links.map((link) => [link.id, link]));
  const shown = new Set(value.map((item) => item.link_id));
  const available = links.filter((link) => !shown.has(link.id));
  const full = value.length >= MAX_HUB_LINKS;
  const move = (from: number, to: number) => onChange(moveItem(value, from, to));
  const add = () => {
    const id = Number(picked);
    if (!id || shown.has(id) || full) return;
    onChange([...value, { link_id: id, label: '' }]);
    setPicked('');
  };

  return (
    <div className="stack">
      <div className="row hub-links__add">
        <label className="visually-hidden" htmlFor="hub-link-pick">
          {t('hub.pickLabel')}
        </label>
        <select
          id="hub-link-pick"
          className="input"
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
          disabled={full}
        >
          <option value="">{available.length === 0 ? t('hub.noMoreLinks') : t('hub.pickPlaceholder')}</option>
          {available.map((link) => (
            <option key={link.id} value={link.id}>
              {link.title || link.short_code} ({link.short_url})
            </option>
          ))}
        </select>
        <Button icon="plus" onClick={add} disabled={!picked || full}>
          {t('hub.addLink')}
        </Button>
      </div>
      {value.length === 0 ? <p className="muted">{t('hub.noLinks')}</p> : null}
      <ol className="hub-links" aria-label={t('hub.linksListLabel')}>
        {value.map((item, index) => (
          <HubLinkRow
            key={item.link_id}
            item={item}
            link={byId.get(item.link_id)}
            index={index}
            count={value.length}
            dragged={dragged === index}
            onDragStart={() => setDragged(index)}
            onDrop={(from) => {
              move(dragged ?? from, index);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            onMove={move}
            onLabel={(label) => onChange(value.map((entry, at) => (at === index ? { ...entry, label } : entry)))}
            onRemove={() => onChange(value.filter((_, at) => at !== index))}
          />
        ))}
      </ol>
    </div>
  );
}

interface HubLinkRowProps {
  item: DraftLink;
  link: Link | undefined;
  index: number;
  count: number;
  dragged: boolean;
  onDragStart: () => void;
  /** `from`: the dragged row's index, as the drag carried it. */
  onDrop: (from: number) => void;
  onDragEnd: () => void;
  onMove: (from: number, to: number) => void;
  onLabel: (label: string) => void;
  onRemove: () => void;
}

function HubLinkRow({ item, link, index, count, dragged, ...on }: HubLinkRowProps) {
  const { t } = useTranslation();
  const name = link?.title || link?.short_code || String(item.link_id);
  return (
    <li
      className={dragged ? 'hub-links__item hub-links__item--dragged' : 'hub-links__item'}
      draggable
      data-testid="hub-link-row"
      onDragStart={(event) => {
        on.onDragStart();
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(index));
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        on.onDrop(Number(event.dataTransfer.getData('text/plain')));
      }}
      onDragEnd={on.onDragEnd}
    >
      <span className="hub-links__handle" aria-hidden="true">
        ⋮⋮
      </span>
      <div className="hub-links__text">
        <span className="hub-links__name">{name}</span>
        <span className="muted mono hub-links__url">{link?.short_url}</span>
        <input
          type="text"
          className="input"
          value={item.label}
          maxLength={MAX_HUB_LABEL}
          placeholder={name}
          aria-label={t('hub.labelOf', { name })}
          onChange={(event) => on.onLabel(event.target.value)}
        />
      </div>
      <div className="row hub-links__actions">
        <IconButton
          icon="arrowLeft"
          className="hub-links__up"
          label={t('hub.moveUp', { name })}
          disabled={index === 0}
          onClick={() => on.onMove(index, index - 1)}
        />
        <IconButton
          icon="arrowRight"
          className="hub-links__down"
          label={t('hub.moveDown', { name })}
          disabled={index === count - 1}
          onClick={() => on.onMove(index, index + 1)}
        />
        <IconButton icon="trash" tone="danger" label={t('hub.removeLink', { name })} onClick={on.onRemove} />
      </div>
    </li>
  );
}
