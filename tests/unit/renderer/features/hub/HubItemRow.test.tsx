// @vitest-environment happy-dom
/**
 * Each item's figures beside it in the hub editor (docs/api.md#per-item-figures): views, clicks,
 * unique clicks and the click rate, each count in its singular or plural, in English and Spanish.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HubItemFigures } from '../../../../../redirector/contract';
import { HubItemRow } from '../../../../../renderer/src/features/hub/HubItemRow';
import { newItem } from '../../../../../renderer/src/features/hub/hubDraft';
import { i18next } from '../../../../../renderer/src/i18n';

const ignore = () => undefined;

function figuresText(figures: HubItemFigures): string | null {
  const { getByTestId, unmount } = render(
    <HubItemRow
      item={{ ...newItem('heading'), text: 'Start here' }}
      link={undefined}
      figures={figures}
      index={0}
      count={1}
      dragged={false}
      onDragStart={ignore}
      onDrop={ignore}
      onDragEnd={ignore}
      onMove={ignore}
      onChange={ignore}
      onRemove={ignore}
    />,
  );
  const text = getByTestId('hub-item-figures').textContent;
  unmount();
  return text;
}

describe('HubItemRow figures', () => {
  afterEach(cleanup);

  it('says one view and one click in the singular, and shows the unique clicks', async () => {
    const one = { id: 1, views: 1, clicks: 1, unique_clicks: 1, ctr: 1 };
    const more = { id: 1, views: 4, clicks: 2, unique_clicks: 1, ctr: 0.5 };
    try {
      await i18next.changeLanguage('en');
      expect(figuresText(one)).toBe('1 view · 1 click (1 unique) · 100%');
      expect(figuresText(more)).toBe('4 views · 2 clicks (1 unique) · 50%');
      await i18next.changeLanguage('es');
      expect(figuresText(one)).toBe('1 visita · 1 clic (1 único) · 100\u00a0%');
      expect(figuresText(more)).toBe('4 visitas · 2 clics (1 único) · 50\u00a0%');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
