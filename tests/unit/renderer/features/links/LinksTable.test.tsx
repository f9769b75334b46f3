// @vitest-environment happy-dom
/**
 * The links table marks a link this server could not check as "Not checked" with the reason, in the
 * UI's language, and a broken link as broken (docs/api.md#link-health); nothing for an ok one.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notCheckedNoResolver } from '../../../../../redirector/contract';
import { LinksTable } from '../../../../../renderer/src/features/links/LinksTable';
import { i18next } from '../../../../../renderer/src/i18n';
import { loadMessageKeys } from '../../../../../renderer/src/i18n/messages';
import { apiLink } from '../../../../helpers/linkFixtures';

const unchecked = apiLink({
  id: 1,
  short_code: 'nodns',
  health: {
    status: 'unchecked',
    checked_at: '2026-12-01T23:00:00.000Z',
    http_status: null,
    error: notCheckedNoResolver('ECONNREFUSED'),
    url: 'https://example.com/',
  },
});
const ok = apiLink({
  id: 2,
  short_code: 'fine',
  health: { status: 'ok', checked_at: '2026-12-01T23:00:00.000Z', http_status: 200, error: null, url: null },
});

function show() {
  const noop = { to: '/' };
  render(
    <MemoryRouter>
      <LinksTable links={[unchecked, ok]} actions={() => ({ analytics: noop, edit: noop, onDelete: () => {} })} />
    </MemoryRouter>,
  );
}

beforeAll(() => loadMessageKeys());
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('LinksTable health notes', () => {
  it('says "Not checked" and why for a link this server could not check', () => {
    show();
    const notes = screen.getAllByTestId('link-not-checked');
    expect(notes.map((note) => note.textContent)).toEqual([
      'Not checked this server cannot resolve names (ECONNREFUSED)',
    ]);
    expect(screen.queryAllByTestId('link-broken')).toEqual([]);
  });

  it('says it in Spanish', async () => {
    await i18next.changeLanguage('es');
    show();
    expect(screen.getByTestId('link-not-checked').textContent).toBe(
      'Sin comprobar este servidor no puede resolver nombres (ECONNREFUSED)',
    );
  });
});

describe('LinksTable "Created by" (docs/api.md#teams-in-the-ui)', () => {
  const byAdministrator = apiLink({ id: 3, short_code: 'admin-made', created_by: null });
  function showCreators(showCreator?: boolean) {
    const noop = { to: '/' };
    render(
      <MemoryRouter>
        <LinksTable
          links={[ok, byAdministrator]}
          showCreator={showCreator}
          actions={() => ({ analytics: noop, edit: noop, onDelete: () => {} })}
        />
      </MemoryRouter>,
    );
  }
  const creators = () =>
    screen.queryAllByRole('cell').filter((cell) => cell.dataset.label === i18next.t('links.table.createdBy'));

  it("names each link's creator, the administrator for none", () => {
    showCreators(true);
    expect(screen.getByRole('columnheader', { name: 'Created by' })).toBeTruthy();
    expect(creators().map((cell) => cell.textContent)).toEqual(['Ann', 'Administrator']);
  });

  it('says it in Spanish', async () => {
    await i18next.changeLanguage('es');
    showCreators(true);
    expect(screen.getByRole('columnheader', { name: 'Creado por' })).toBeTruthy();
    expect(creators().map((cell) => cell.textContent)).toEqual(['Ann', 'Administrador']);
  });

  it('has no such column unless asked (the personal team)', () => {
    showCreators();
    expect(screen.queryByRole('columnheader', { name: 'Created by' })).toBeNull();
    expect(creators()).toEqual([]);
  });
});
