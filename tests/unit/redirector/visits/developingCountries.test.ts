import { describe, expect, it } from 'vitest';
import { DEVELOPING_COUNTRIES, isDevelopingCountry } from '../../../../redirector/visits/developingCountries';
import { itReturns } from '../../../helpers/tables';

describe('DEVELOPING_COUNTRIES', () => {
  it('lists more than 100 ISO alpha-2 codes', () => {
    expect(DEVELOPING_COUNTRIES.size).toBeGreaterThan(100);
    for (const code of DEVELOPING_COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  itReturns('holds %s, a low-, lower-middle- or upper-middle-income economy', isDevelopingCountry, [
    ['AF', true],
    ['ET', true],
    ['NG', true],
    ['IN', true],
    ['PK', true],
    ['BD', true],
    ['PH', true],
    ['VN', true],
    ['EG', true],
    ['KE', true],
    ['BR', true],
    ['CN', true],
    ['MX', true],
    ['ID', true],
    ['ZA', true],
    ['TR', true],
  ]);

  itReturns('leaves out %s, a high-income economy or the unknown country', isDevelopingCountry, [
    ['US', false],
    ['GB', false],
    ['DE', false],
    ['FR', false],
    ['JP', false],
    ['KR', false],
    ['AU', false],
    ['CA', false],
    ['SA', false],
    ['AE', false],
    ['CL', false],
    ['UY', false],
    ['RU', false],
    ['BG', false],
    ['PL', false],
    ['XX', false],
  ]);
});
