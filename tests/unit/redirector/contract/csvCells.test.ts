/** The spreadsheet guard of CSV exports and its undoing on import (docs/api.md#import-and-export). */
import { describe, expect, it } from 'vitest';
import { guardCell, unguardCell } from '../../../../redirector/contract/csvCells';

describe('guardCell and unguardCell', () => {
  it('guards a formula-like cell with one leading quote', () => {
    expect(['=1+1', '+a', '-5', '@x', '\tx', '＝x', 'plain', "'text"].map(guardCell)).toEqual([
      "'=1+1",
      "'+a",
      "'-5",
      "'@x",
      "'\tx",
      "'＝x",
      'plain',
      "'text",
    ]);
  });

  it('gives back every text that was exported, quotes the owner typed included', () => {
    const texts = ['=1+1', "'=literal", "''@both", "'text", "'", "''", 'plain', '', "-'x"];
    expect(texts.map((text) => unguardCell(guardCell(text)))).toEqual(texts);
    expect(guardCell("'=literal")).toBe("''=literal");
  });
});
