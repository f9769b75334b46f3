/**
 * The items a page shows (docs/api.md#hub-items): links picked from the user's links, headings,
 * texts, dividers and social icons; each labelled or written, scheduled, shown or hidden, and
 * ordered by dragging or, from the keyboard, with "Move up" and "Move down". Each item's figures
 * sit beside it.
 */

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HubItemFigures, type Link, MAX_HUB_ITEMS } from '../../../../redirector/contract';
import { Button } from '../../components/Button';
import { ChoiceOptions } from '../../components/ChoiceOptions';
import { HubItemRow } from './HubItemRow';
import { type DraftItem, moveItem, newItem } from './hubDraft';

export interface HubItemsEditorProps {
  value: DraftItem[];
  /** The user's links to pick from. */
  links: Link[];
  /** Each saved item's figures over the range, by id. */
  figures: ReadonlyMap<number, HubItemFigures>;
  onChange: (items: DraftItem[]) => void;
}

const OTHER_KINDS = ['heading', 'text', 'divider', 'social'] as const;

export function HubItemsEditor({ value, links, figures, onChange }: HubItemsEditorProps) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [picked, setPicked] = useState('');
  const byId = new Map(links.map((link) => [link.id, link]));
  const shown = new Set(value.flatMap((item) => (item.type === 'link' ? [item.link_id] : [])));
  const available = links.filter((link) => !shown.has(link.id));
  const full = value.length >= MAX_HUB_ITEMS;
  const move = (from: number, to: number) => onChange(moveItem(value, from, to));
  const addLink = () => {
    const id = Number(picked);
    if (!id || shown.has(id) || full) return;
    onChange([...value, newItem('link', id)]);
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
          <ChoiceOptions
            none={available.length === 0 ? t('hub.noMoreLinks') : t('hub.pickPlaceholder')}
            choices={available.map((link) => [link.id, `${link.title || link.short_code} (${link.short_url})`])}
          />
        </select>
        <Button icon="plus" onClick={addLink} disabled={!picked || full}>
          {t('hub.addLink')}
        </Button>
      </div>
      <div className="row hub-items__kinds">
        {OTHER_KINDS.map((type) => (
          <Button key={type} icon="plus" disabled={full} onClick={() => onChange([...value, newItem(type)])}>
            {t(`hub.items.add.${type}`)}
          </Button>
        ))}
      </div>
      {value.length === 0 ? <p className="muted">{t('hub.noLinks')}</p> : null}
      <ol className="hub-links" aria-label={t('hub.linksListLabel')}>
        {value.map((item, index) => (
          <HubItemRow
            key={item.key}
            item={item}
            link={byId.get(item.link_id)}
            figures={item.id === null ? undefined : figures.get(item.id)}
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
            onChange={(patch) => onChange(value.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)))}
            onRemove={() => onChange(value.filter((_, at) => at !== index))}
          />
        ))}
      </ol>
    </div>
  );
}
