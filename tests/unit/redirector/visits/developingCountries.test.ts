import { describe, expect, it } from 'vitest';
import { DEVELOPING_COUNTRIES, isDevelopingCountry } from '../../../../redirector/visits/developingCountries';

describe('DEVELOPING_COUNTRIES', () => {
  it('lists more than 100 ISO alpha-2 codes', () => {
    expect(DEVELOPING_COUNTRIES.size).toBeGreaterThan(100);
    for (const code of DEVELOPING_COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('holds low-, lower-middle- and upper-middle-income economies', () => {
    for (const code of [
      'AF',
      'ET',
      'NG',
      'IN',
      'PK',
      'BD',
      'PH',
      'VN',
      'EG',
      'KE',
      'BR',
      'CN',
      'MX',
      'ID',
      'ZA',
      'TR',
    ]) {
      expect(isDevelopingCountry(code), code).toBe(true);
    }
  });

  it('leaves out high-income economies and the unknown country', () => {
    for (const code of [
      'US',
      'GB',
      'DE',
      'FR',
      'JP',
      'KR',
      'AU',
      'CA',
      'SA',
      'AE',
      'CL',
      'UY',
      'RU',
      'BG',
      'PL',
      'XX',
    ]) {
      expect(isDevelopingCountry(code), code).toBe(false);
    }
  });
});
