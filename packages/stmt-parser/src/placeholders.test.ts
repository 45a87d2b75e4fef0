import { isSepaPlaceholder } from './placeholders';

describe('isSepaPlaceholder', () => {
  it.each(['NOTPROVIDED', 'NONREF', ' notprovided ', 'NonRef\n', 'NOTPROVıDED'])(
    'reads %j as a placeholder',
    (text) => {
      expect(isSepaPlaceholder(text)).toBe(true);
    },
  );

  it.each(['', 'NONE', 'NONREFS', 'NOT PROVIDED', 'Müller GmbH', 'E2E-NONREF'])('reads %j as a value', (text) => {
    expect(isSepaPlaceholder(text)).toBe(false);
  });
});
