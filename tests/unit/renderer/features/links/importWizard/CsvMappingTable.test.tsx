// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CSV_MAPPING_FIELDS, type CsvMappingField } from '../../../../../../redirector/contract/imports';
import { CsvMappingTable } from '../../../../../../renderer/src/features/links/importWizard/CsvMappingTable';
import { csvDraft } from '../../../../../../renderer/src/features/links/importWizard/importDraft';
import { i18next } from '../../../../../../renderer/src/i18n';

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

/** The table over a file whose first column is the destination (proposed: named target_url) and whose second is free. */
function drawTable() {
  const chosen: (CsvMappingField | null)[][] = [];
  const csv = csvDraft('old.csv', 'target_url,Alias\nhttps://example.com/a,a\n');
  render(<CsvMappingTable csv={csv} onFields={(fields) => chosen.push(fields)} />);
  return { csv, chosen };
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => ({ value: (option as HTMLOptionElement).value, text: option.textContent ?? '' }));

describe('CsvMappingTable', () => {
  it("offers every link field by its name in English, the value the API's name", () => {
    drawTable();
    const free = screen.getByRole('combobox', { name: 'Field for the column Alias' });
    const options = optionsOf(free);
    // The destination is taken by the first column: neither url nor target_url is offered here.
    const offered = CSV_MAPPING_FIELDS.filter((field) => field !== 'url' && field !== 'target_url');
    expect(options.map((option) => option.value)).toEqual(['', ...offered]);
    expect(options.slice(0, 4).map((option) => option.text)).toEqual(['Leave out', 'Short code', 'Title', 'Tags']);
    for (const { value, text } of options.slice(1)) {
      expect(text, value).not.toBe(value);
      expect(text, value).not.toContain('imports.');
    }
    expect(options.find((option) => option.value === 'max_clicks')?.text).toBe('Click limit');
  });

  it('shows a target_url column as Destination, offered once, and sends the field chosen by its API name', () => {
    const { chosen } = drawTable();
    const destination = screen.getByRole('combobox', { name: 'Field for the column target_url' }) as HTMLSelectElement;
    expect(destination.value).toBe('url');
    expect(destination.selectedOptions[0]?.textContent).toBe('Destination');
    expect(optionsOf(destination).filter((option) => option.text === 'Destination')).toHaveLength(1);
    expect(optionsOf(destination).map((option) => option.value)).not.toContain('target_url');

    const free = screen.getByRole('combobox', { name: 'Field for the column Alias' });
    fireEvent.change(free, { target: { value: 'short_code' } });
    expect(chosen).toEqual([['url', 'short_code']]);
  });

  it('names every field in Spanish', async () => {
    await act(async () => {
      await i18next.changeLanguage('es');
    });
    drawTable();
    const destination = screen.getByRole('combobox', { name: 'Campo de la columna target_url' });
    const options = optionsOf(destination);
    expect(options.slice(0, 3).map((option) => option.text)).toEqual(['Omitir', 'Destino', 'Código corto']);
    expect(options.map((option) => option.value)).toEqual([
      '',
      ...CSV_MAPPING_FIELDS.filter((field) => field !== 'target_url'),
    ]);
    for (const { value, text } of options.slice(1)) {
      expect(text, value).not.toBe(value);
      expect(text, value).not.toContain('imports.');
    }
  });
});
