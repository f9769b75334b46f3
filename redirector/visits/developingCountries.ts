/**
 * The countries a link's country redirect applies to (docs/api.md#resolving-a-short-link): the World Bank's low-,
 * lower-middle- and upper-middle-income economies, ISO 3166-1 alpha-2.
 *
 * Source: World Bank country classifications by income level, FY2025 (1 July 2024 – 30 June 2025),
 * https://datahelpdesk.worldbank.org/knowledgebase/articles/906519-world-bank-country-and-lending-groups
 * (FY25 changes: Bulgaria, Palau and Russia moved to high income, so they are not listed).
 * Kosovo is `XK`, the user-assigned code geoip-lite and most registries use for it.
 * One addition, deliberately: Venezuela (`VE`), which the World Bank has left unclassified since
 * FY2022 for lack of data and last placed in upper-middle income.
 */
export const DEVELOPING_COUNTRIES: ReadonlySet<string> = new Set([
  // Low income
  'AF', // Afghanistan
  'BF', // Burkina Faso
  'BI', // Burundi
  'CF', // Central African Republic
  'TD', // Chad
  'CD', // Congo, Dem. Rep.
  'ER', // Eritrea
  'ET', // Ethiopia
  'GM', // Gambia
  'GW', // Guinea-Bissau
  'KP', // Korea, Dem. People's Rep.
  'LR', // Liberia
  'MG', // Madagascar
  'MW', // Malawi
  'ML', // Mali
  'MZ', // Mozambique
  'NE', // Niger
  'RW', // Rwanda
  'SL', // Sierra Leone
  'SO', // Somalia
  'SS', // South Sudan
  'SD', // Sudan
  'SY', // Syrian Arab Republic
  'TG', // Togo
  'UG', // Uganda
  'YE', // Yemen
  // Lower-middle income
  'AO', // Angola
  'BD', // Bangladesh
  'BJ', // Benin
  'BT', // Bhutan
  'BO', // Bolivia
  'CV', // Cabo Verde
  'KH', // Cambodia
  'CM', // Cameroon
  'KM', // Comoros
  'CG', // Congo, Rep.
  'CI', // Côte d'Ivoire
  'DJ', // Djibouti
  'EG', // Egypt
  'SZ', // Eswatini
  'GH', // Ghana
  'GN', // Guinea
  'HT', // Haiti
  'HN', // Honduras
  'IN', // India
  'JO', // Jordan
  'KE', // Kenya
  'KI', // Kiribati
  'KG', // Kyrgyz Republic
  'LA', // Lao PDR
  'LB', // Lebanon
  'LS', // Lesotho
  'MR', // Mauritania
  'FM', // Micronesia
  'MA', // Morocco
  'MM', // Myanmar
  'NP', // Nepal
  'NI', // Nicaragua
  'NG', // Nigeria
  'PK', // Pakistan
  'PG', // Papua New Guinea
  'PH', // Philippines
  'WS', // Samoa
  'ST', // São Tomé and Príncipe
  'SN', // Senegal
  'SB', // Solomon Islands
  'LK', // Sri Lanka
  'TJ', // Tajikistan
  'TZ', // Tanzania
  'TL', // Timor-Leste
  'TN', // Tunisia
  'UZ', // Uzbekistan
  'VU', // Vanuatu
  'VN', // Viet Nam
  'PS', // West Bank and Gaza
  'ZM', // Zambia
  'ZW', // Zimbabwe
  // Upper-middle income
  'AL', // Albania
  'DZ', // Algeria
  'AR', // Argentina
  'AM', // Armenia
  'AZ', // Azerbaijan
  'BY', // Belarus
  'BZ', // Belize
  'BA', // Bosnia and Herzegovina
  'BW', // Botswana
  'BR', // Brazil
  'CN', // China
  'CO', // Colombia
  'CR', // Costa Rica
  'CU', // Cuba
  'DM', // Dominica
  'DO', // Dominican Republic
  'EC', // Ecuador
  'SV', // El Salvador
  'GQ', // Equatorial Guinea
  'FJ', // Fiji
  'GA', // Gabon
  'GE', // Georgia
  'GD', // Grenada
  'GT', // Guatemala
  'ID', // Indonesia
  'IR', // Iran
  'IQ', // Iraq
  'JM', // Jamaica
  'KZ', // Kazakhstan
  'XK', // Kosovo
  'LY', // Libya
  'MY', // Malaysia
  'MV', // Maldives
  'MH', // Marshall Islands
  'MU', // Mauritius
  'MX', // Mexico
  'MD', // Moldova
  'MN', // Mongolia
  'ME', // Montenegro
  'NA', // Namibia
  'MK', // North Macedonia
  'PY', // Paraguay
  'PE', // Peru
  'RS', // Serbia
  'ZA', // South Africa
  'LC', // St. Lucia
  'VC', // St. Vincent and the Grenadines
  'SR', // Suriname
  'TH', // Thailand
  'TO', // Tonga
  'TR', // Türkiye
  'TM', // Turkmenistan
  'TV', // Tuvalu
  'UA', // Ukraine
  // Unclassified by the World Bank since FY2022 (see above)
  'VE', // Venezuela
]);

export function isDevelopingCountry(country: string): boolean {
  return DEVELOPING_COUNTRIES.has(country);
}
