import { describe, expect, it } from 'vitest';
import {
  baseLanguage,
  byLanguage,
  inLanguageOrder,
  pickLanguage,
  preferredLanguages,
} from '../../../../redirector/contract/languages';
import { itReturns } from '../../../helpers/tables';

describe('languages', () => {
  itReturns('reads an Accept-Language header best first, by quality then by order: %j', preferredLanguages, [
    ['fr-CH, fr;q=0.9, es;q=0.95, *;q=0.5', ['fr-CH', 'es', 'fr']],
    ['de;q=0, es', ['es']],
    [undefined, []],
    [';;,q=', ['q=']],
  ]);

  it('picks the first preferred language it has, by its base, else English', () => {
    expect(pickLanguage(['es-MX', 'en'], ['en', 'es'])).toBe('es');
    expect(pickLanguage(['fr', 'es'], ['en', 'es'])).toBe('es');
    expect(pickLanguage(['fr'], ['en', 'es'])).toBe('en');
    expect(pickLanguage([], ['en', 'es'])).toBe('en');
    expect(baseLanguage('PT_br')).toBe('pt');
  });

  it('names each catalogue file by its language and offers English first, then the others by code', () => {
    expect(byLanguage({ './locales/es.json': 1, '../../x/locales/en.json': 2 })).toEqual({ es: 1, en: 2 });
    expect(inLanguageOrder(['fr', 'es', 'en', 'de'])).toEqual(['en', 'de', 'es', 'fr']);
  });
});
