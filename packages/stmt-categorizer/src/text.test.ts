import { foldText, mappingKey, tokenize } from './text';

describe('text normalisation', () => {
  it('folds umlauts the way SEPA transliterates them, and drops other accents', () => {
    expect(foldText('Überweisung')).toBe(foldText('UEBERWEISUNG'));
    expect(foldText('Café  Crème/Straße')).toBe('cafe creme strasse');
  });

  it('keeps mapping keys exact apart from case and spacing', () => {
    expect(mappingKey('  REWE   Markt GmbH ')).toBe('rewe markt gmbh');
    expect(mappingKey('Müller')).not.toBe(mappingKey('Mueller'));
  });

  it('drops numbers and single letters from classifier tokens', () => {
    expect(tokenize('COOP-4225 Montreux 12.10.2026 a')).toEqual(['coop', 'montreux']);
  });
});
