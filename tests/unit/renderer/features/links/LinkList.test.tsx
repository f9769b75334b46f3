// @vitest-environment happy-dom
/**
 * A list whose every link is archived (docs/api.md#bulk-changes, #schedule-and-switch) keeps its
 * toolbar and says so, with a way to the archived links, in the UI's language: it never claims the
 * account has no links yet, which hid the archive filter after "Select all" and Archive.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LinkListQuery, parseLinkListQuery } from '../../../../../redirector/contract';
import type { LinksPage } from '../../../../../renderer/src/api/linksPage';
import { LinkList } from '../../../../../renderer/src/features/links/LinkList';
import { i18next } from '../../../../../renderer/src/i18n';
import { loadMessageKeys } from '../../../../../renderer/src/i18n/messages';

const query = (parseLinkListQuery({}) as { ok: true; query: LinkListQuery }).query;

function show(accountLinks: number, counts: Pick<LinksPage, 'totals' | 'archived'> = {}) {
  const onQuery = vi.fn();
  const page: LinksPage = {
    links: [],
    total: 0,
    page: 1,
    per_page: 50,
    hasPrev: false,
    hasNext: false,
    totals: { links: accountLinks, clicks: 0, unique_visitors: 0 },
    ...counts,
  };
  render(
    <MemoryRouter>
      <LinkList
        query={query}
        onQuery={onQuery}
        page={page}
        tags={[]}
        empty={<p>No links yet</p>}
        actions={() => ({ analytics: { to: '/' }, edit: { to: '/' }, onDelete: () => {} })}
      />
    </MemoryRouter>,
  );
  return onQuery;
}

beforeAll(() => loadMessageKeys());
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('LinkList when every link is archived', () => {
  it('keeps the archive filter and offers the archived links', () => {
    const onQuery = show(8);
    expect(screen.queryByText('No links yet')).toBeNull();
    expect(screen.getByText('Every link is archived')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Archived only' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show archived links' }));
    expect(onQuery).toHaveBeenCalledWith({ archived: 'only', page: 1 });
  });

  it('says it in Spanish', async () => {
    await i18next.changeLanguage('es');
    show(3);
    expect(screen.getByText('Todos los enlaces están archivados')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver los enlaces archivados' })).toBeTruthy();
  });

  it('in the administrator’s list too, which counts the archived links instead of totals', () => {
    show(0, { totals: undefined, archived: 4 });
    expect(screen.getByText('Every link is archived')).toBeTruthy();
  });

  it('still says "no links yet" to an account without any', () => {
    show(0);
    expect(screen.getByText('No links yet')).toBeTruthy();
  });
});
