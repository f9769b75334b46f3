// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RefusedRowsTable } from '../../../../../renderer/src/features/links/RefusedRowsTable';
import { i18next } from '../../../../../renderer/src/i18n';
import { localiseMessage } from '../../../../../renderer/src/i18n/messages';

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('RefusedRowsTable', () => {
  it('names each row by its columns (a dash for an empty code), with its reason in the UI language', async () => {
    await i18next.changeLanguage('es');
    render(
      <RefusedRowsTable
        caption={<caption>Left out</caption>}
        columns={[
          { label: 'Line', kind: 'number' },
          { label: 'Code', kind: 'code' },
        ]}
        reasonLabel="Reason"
        rows={[
          { key: 2, names: [2, 'a'], reason: 'Please enter a valid URL' },
          { key: 3, names: [3, ''], reason: 'Please enter a valid URL' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Left out' });
    expect([...table.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['Line', 'Code', 'Reason']);
    const spanish = localiseMessage('Please enter a valid URL');
    expect(spanish).not.toBe('Please enter a valid URL');
    const cells = [...table.querySelectorAll('td')].map((cell) => [cell.className, cell.textContent]);
    expect(cells.map(([, text]) => text)).toEqual(['2', 'a', spanish, '3', '—', spanish]);
    expect(cells.slice(0, 2).map(([className]) => className)).toEqual(['num', 'mono']);
  });
});
