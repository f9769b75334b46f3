import { describe, expect, it } from 'vitest';
import { messageMatcher } from '../../../../redirector/contract/messageMatcher';
import { itReturns } from '../../../helpers/tables';

const match = messageMatcher({
  exact: 'Link not found',
  codeTooLong: 'Short code must be at most {{max}} characters',
  tag: 'Tag "{{tag}}" must be 1-{{max}} characters of a-z, 0-9, - and _',
  label: 'links[{{index}}].label must be 1–{{max}} characters (x+y)?',
  twice: '{{word}} and {{word}} again',
  http: 'HTTP {{status}}',
  httpNotFound: 'HTTP 404',
});

describe('the message matcher', () => {
  itReturns('finds an exact text, with no values: %s', match, [['Link not found', { key: 'exact', values: {} }]]);

  itReturns('finds a templated text and gives each placeholder the text in its place: %s', match, [
    ['Short code must be at most 64 characters', { key: 'codeTooLong', values: { max: '64' } }],
    [
      'Tag "Bad tag!" must be 1-32 characters of a-z, 0-9, - and _',
      { key: 'tag', values: { tag: 'Bad tag!', max: '32' } },
    ],
  ]);

  it("reads the English text's regex characters as themselves", () => {
    expect(match('links[3].label must be 1–60 characters (x+y)?')).toEqual({
      key: 'label',
      values: { index: '3', max: '60' },
    });
    expect(match('linksX3].label must be 1–60 characters (x+y)?')).toBeUndefined();
    expect(match('links[3].label must be 1–60 characters xy')).toBeUndefined();
  });

  it('matches the whole text only: nothing before, after or missing', () => {
    expect(match('Error: Short code must be at most 64 characters')).toBeUndefined();
    expect(match('Short code must be at most 64 characters.')).toBeUndefined();
    expect(match('Short code must be at most  characters')).toBeUndefined();
    expect(match('Link not found!')).toBeUndefined();
  });

  it('wants the same text wherever a placeholder comes twice', () => {
    expect(match('this and this again')).toEqual({ key: 'twice', values: { word: 'this' } });
    expect(match('this and that again')).toBeUndefined();
  });

  it('prefers an exact text to a template that also fits', () => {
    expect(match('HTTP 404')).toEqual({ key: 'httpNotFound', values: {} });
    expect(match('HTTP 503')).toEqual({ key: 'http', values: { status: '503' } });
  });

  it('knows nothing of any other text', () => {
    expect(match('Something only this server says')).toBeUndefined();
    expect(match('')).toBeUndefined();
  });
});
