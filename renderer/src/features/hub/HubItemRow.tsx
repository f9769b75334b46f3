/** One item of the page in the editor (docs/api.md#hub-items): its fields, its order, its figures. */
import { useTranslation } from 'react-i18next';
import type { HubItemFigures, Link } from '../../../../redirector/contract';
import { IconButton } from '../../components/Button';
import { formatPercent } from '../../format/numbers';
import { HubItemFields, HubItemOptions } from './HubItemFields';
import type { DraftItem } from './hubDraft';

export interface HubItemRowProps {
  item: DraftItem;
  link: Link | undefined;
  figures: HubItemFigures | undefined;
  index: number;
  count: number;
  dragged: boolean;
  onDragStart: () => void;
  /** `from`: the dragged row's index, as the drag carried it. */
  onDrop: (from: number) => void;
  onDragEnd: () => void;
  onMove: (from: number, to: number) => void;
  onChange: (patch: Partial<DraftItem>) => void;
  onRemove: () => void;
}

/** The row's name: the link's, the item's text, or its kind. */
function useItemName(item: DraftItem, link: Link | undefined): string {
  const { t } = useTranslation();
  if (item.type === 'link') return link?.title || link?.short_code || String(item.link_id);
  const kind = t(`hub.items.kinds.${item.type}`);
  return item.text.trim() ? `${kind}: ${item.text.trim().slice(0, 40)}` : kind;
}

function Figures({ figures }: { figures: HubItemFigures | undefined }) {
  const { t } = useTranslation();
  if (!figures) return null;
  return (
    <span className="muted hub-items__figures" data-testid="hub-item-figures">
      {t('hub.items.figures', {
        views: t('hub.items.figureViews', { count: figures.views }),
        clicks: t('hub.items.figureClicks', { count: figures.clicks }),
        unique: t('hub.items.figureUnique', { count: figures.unique_clicks }),
        ctr: formatPercent(figures.ctr, 1),
      })}
    </span>
  );
}

export function HubItemRow({ item, link, figures, index, count, dragged, ...on }: HubItemRowProps) {
  const { t } = useTranslation();
  const name = useItemName(item, link);
  const classes = [
    'hub-links__item',
    dragged ? 'hub-links__item--dragged' : '',
    item.visible ? '' : 'hub-items__hidden',
  ];
  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      draggable
      data-testid={item.type === 'link' ? 'hub-link-row' : 'hub-item-row'}
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
        {item.type === 'link' ? <span className="muted mono hub-links__url">{link?.short_url}</span> : null}
        <HubItemFields item={item} name={name} onChange={on.onChange} />
        <HubItemOptions item={item} name={name} onChange={on.onChange} />
        <Figures figures={figures} />
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
