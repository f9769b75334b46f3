import { describe } from 'vitest';
import { countryFlag, countryName } from '../../../../redirector/analytics/countries';
import { itNamesCountries } from '../../../helpers/countries';

describe('countryName and countryFlag', () => {
  itNamesCountries({ countryName, countryFlag });
});
