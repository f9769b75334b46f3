/** The rule of PUT /api/hub (docs/api.md#the-hub), as the server and the editor apply it. */
import { describe, expect, it } from 'vitest';
import { initialsOf, parseHubInput } from '../../../../redirector/contract/hub';
import { itReturns } from '../../../helpers/tables';

describe('parseHubInput', () => {
  it('trims, lower-cases and fills the defaults', () => {
    expect(parseHubInput({ handle: ' Me_Page ', title: ' Me ', links: [{ link_id: 3, label: '  ' }] })).toEqual({
      ok: true,
      hub: {
        handle: 'me_page',
        title: 'Me',
        bio: '',
        theme: 'auto',
        accent: '#2563eb',
        // §15's `links` is read as link items (docs/api.md#hub-items).
        items: [
          {
            type: 'link',
            id: null,
            link_id: 3,
            label: null,
            visible: true,
            starts_at: null,
            ends_at: null,
            highlight: false,
            sensitive: false,
          },
        ],
        published: false,
        tiktok_bypass: false,
        background_color: null,
        meta_description: '',
        noindex: false,
        sensitive: false,
      },
    });
  });

  it('names the field of each violation', () => {
    const errorOf = (body: unknown) => {
      const result = parseHubInput(body);
      return result.ok ? undefined : result.error.split(/[ .[]/)[0];
    };
    expect(errorOf(null)).toBe('Request');
    expect(errorOf({ handle: 'x', title: 'T' })).toBe('handle');
    expect(errorOf({ handle: 'Login', title: 'T' })).toBe('handle');
    expect(errorOf({ handle: 'okay', title: ' ' })).toBe('title');
    expect(errorOf({ handle: 'okay', title: 'T', bio: 'é'.repeat(281) })).toBe('bio');
    expect(errorOf({ handle: 'okay', title: 'T', bio: 'é'.repeat(280) })).toBeUndefined();
    expect(errorOf({ handle: 'okay', title: 'T', theme: 'sepia' })).toBe('theme');
    expect(errorOf({ handle: 'okay', title: 'T', accent: '#GGGGGG' })).toBe('accent');
    expect(errorOf({ handle: 'okay', title: 'T', links: [{ link_id: 0 }] })).toBe('links');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(parseHubInput({ handle: 'okay', title: '😀'.repeat(60) }).ok).toBe(true);
    expect(parseHubInput({ handle: 'okay', title: '😀'.repeat(61) }).ok).toBe(false);
  });
});

describe('initialsOf', () => {
  itReturns('takes the first letters of two words: %j', initialsOf, [
    ['ada lovelace king', 'AL'],
    ['Émile', 'É'],
    ['   ', '?'],
  ]);

  itReturns('skips words that start with neither a letter nor a digit: %j', initialsOf, [
    ['Ada <script>', 'A'],
    ['— Grace & Hopper', 'GH'],
    ['<b> </b>', '?'],
  ]);
});
