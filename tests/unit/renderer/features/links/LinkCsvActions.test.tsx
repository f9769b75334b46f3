// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportResult } from '../../../../../redirector/contract';
import { ApiError } from '../../../../../renderer/src/api/client';
import { LinkCsvActions } from '../../../../../renderer/src/features/links/LinkCsvActions';
import { i18next } from '../../../../../renderer/src/i18n';

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

async function importFile(answer: () => Promise<ImportResult>) {
  const sent: string[] = [];
  let imported = 0;
  render(
    <LinkCsvActions
      calls={{
        exportCsv: async () => new Blob(['']),
        importCsv: (csv) => {
          sent.push(csv);
          return answer();
        },
      }}
      reloads={[
        () => {
          imported += 1;
        },
      ]}
    />,
  );
  const file = new File(['target_url,short_code\nhttps://a.example/,a\nnot a url,b\n'], 'links.csv', {
    type: 'text/csv',
  });
  await act(async () => {
    fireEvent.change(screen.getByLabelText(i18next.t('links.csv.chooseFile')), { target: { files: [file] } });
  });
  return { sent, imported: () => imported };
}

describe('LinkCsvActions', () => {
  it('sends the chosen file and lists every row that failed with its line, short code and reason', async () => {
    const { sent, imported } = await importFile(async () => ({
      created: 1,
      failed: [{ line: 3, short_code: 'b', error: 'Please enter a valid URL' }],
    }));
    expect(sent).toEqual(['target_url,short_code\nhttps://a.example/,a\nnot a url,b\n']);
    const dialog = await screen.findByRole('dialog', { name: 'Import finished' });
    expect(dialog.textContent).toContain('1 link created.');
    expect(dialog.textContent).toContain('1 row was not imported:');
    const cells = within(dialog)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['3', 'b', 'Please enter a valid URL']);
    expect(imported()).toBe(1);
  });

  it("shows the server's message when the whole file is refused, and reloads nothing", async () => {
    const { imported } = await importFile(async () => {
      throw new ApiError(400, 'x', { error: 'Unknown columns: colour' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import failed' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Unknown columns: colour');
    expect(imported()).toBe(0);
  });

  it("shows each row's reason and a refused file's message in the UI language", async () => {
    await i18next.changeLanguage('es');
    await importFile(async () => ({
      created: 0,
      failed: [
        { line: 2, short_code: 'a', error: 'Use the default domain or your own verified domain' },
        { line: 3, short_code: 'b', error: 'Country targets: US is given twice' },
      ],
    }));
    const dialog = await screen.findByRole('dialog');
    const reasons = within(dialog)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
      .filter((_, index) => index % 3 === 2);
    expect(reasons).toEqual([
      'Usa el dominio predeterminado o tu propio dominio verificado',
      'Destinos por país: US aparece dos veces',
    ]);
    cleanup();
    await importFile(async () => {
      throw new ApiError(400, 'x', { error: 'Repeated columns: title' });
    });
    expect(within(await screen.findByRole('dialog')).getByRole('alert').textContent).toBe('Columnas repetidas: title');
  });
});
