/**
 * Regions as the screening `regions` filter spells them (US, Europe, Asia-Pacific,
 * Emerging Markets, Global — docs/data-format.md). Yahoo gives a company's country and a
 * fund's Morningstar-style category name; both are mapped here. Unknown stays undefined.
 */
const COUNTRY_REGIONS: Readonly<Record<string, string>> = {
  'United States': 'US',
  'United Kingdom': 'Europe',
  Germany: 'Europe',
  France: 'Europe',
  Netherlands: 'Europe',
  Switzerland: 'Europe',
  Ireland: 'Europe',
  Denmark: 'Europe',
  Sweden: 'Europe',
  Spain: 'Europe',
  Italy: 'Europe',
  Belgium: 'Europe',
  Norway: 'Europe',
  Finland: 'Europe',
  Luxembourg: 'Europe',
  Japan: 'Asia-Pacific',
  Australia: 'Asia-Pacific',
  'Hong Kong': 'Asia-Pacific',
  Singapore: 'Asia-Pacific',
  'New Zealand': 'Asia-Pacific',
  'South Korea': 'Asia-Pacific',
  Taiwan: 'Asia-Pacific',
  China: 'Emerging Markets',
  India: 'Emerging Markets',
  Brazil: 'Emerging Markets',
  Mexico: 'Emerging Markets',
  'South Africa': 'Emerging Markets',
  Indonesia: 'Emerging Markets',
};

export function regionOfCountry(country: string | undefined): string | undefined {
  return country === undefined ? undefined : COUNTRY_REGIONS[country];
}

const CATEGORY_RULES: readonly [RegExp, string][] = [
  [/emerging|china|india|latin/i, 'Emerging Markets'],
  [/europe/i, 'Europe'],
  [/japan|pacific|asia/i, 'Asia-Pacific'],
  [/world|global|foreign|international/i, 'Global'],
];

/** A fund category ("Foreign Large Blend", "Europe Stock", "Large Blend") → a region;
 * categories that name no region are US funds in Yahoo's US categorisation. */
export function regionOfCategory(category: string | undefined): string | undefined {
  if (category === undefined) return undefined;
  for (const [pattern, region] of CATEGORY_RULES) if (pattern.test(category)) return region;
  return 'US';
}
