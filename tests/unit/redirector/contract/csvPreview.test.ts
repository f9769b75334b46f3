import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvMappingOf, proposeCsvMapping, readCsvPreview } from '../../../../redirector/contract/csvPreview';

describe('readCsvPreview', () => {
  it('reads the head of a file as csv-parse (the server) reads it (quotes, CRLF, BOM, empty lines)', () => {
    const text =
      '\uFEFFDestination,"Alias, kept",Name\r\n' +
      'https://example.com/a,a-1,"Say ""hi"""\r\n' +
      '\r\n' +
      'https://example.com/b,b-2,"two\nlines"\r\n' +
      'https://example.com/c,,last';
    const [columns, ...rows] = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
    expect(readCsvPreview(text)).toEqual({ columns, rows });
  });

  it('stops after the rows it shows', () => {
    const text = ['url', ...Array.from({ length: 30 }, (_, index) => `https://example.com/${index}`)].join('\n');
    const preview = readCsvPreview(text);
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows[19]).toEqual(['https://example.com/19']);
    expect(readCsvPreview(text, 2).rows).toEqual([['https://example.com/0'], ['https://example.com/1']]);
  });
});

describe('proposeCsvMapping', () => {
  it('maps columns named as link fields, each field once, and leaves the others out', () => {
    const columns = ['Target URL', 'short_code', 'Title', 'Destination', 'url', 'TAGS'];
    const fields = proposeCsvMapping(columns);
    expect(fields).toEqual(['url', 'short_code', 'title', null, null, 'tags']);
    expect(csvMappingOf(columns, fields)).toEqual({
      'Target URL': 'url',
      short_code: 'short_code',
      Title: 'title',
      TAGS: 'tags',
    });
  });
});
