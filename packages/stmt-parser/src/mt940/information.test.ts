import { joinWrapped, parseInformation } from './information';

describe(':86: information to account owner', () => {
  it('reads German subfields with SEPA keywords, joining lines cut inside a subfield', () => {
    const info = parseInformation([
      '166?00SEPA-GUTSCHRIFT?109251?20EREF+E2E-1?21MREF+M-9?22SVWZ+Gehalt Dezember 2',
      '023?30BYLADEMM?31DE12500105170648489890?32Arbeitgeber AG',
    ]);
    expect(info).toEqual({
      style: 'subfields',
      transactionCode: '166',
      bookingText: 'SEPA-GUTSCHRIFT',
      remittanceInfo: 'Gehalt Dezember 2023',
      endToEndId: 'E2E-1',
      mandateId: 'M-9',
      counterparty: { iban: 'DE12500105170648489890', bic: 'BYLADEMM', name: 'Arbeitgeber AG' },
    });
  });

  it('keeps a German bank code and account number that are not IBAN/BIC as one account id', () => {
    expect(
      parseInformation(['008?00DAUERAUFTRAG?20Miete November?3010020030?31234567?32MUELLER']).counterparty,
    ).toEqual({
      otherAccountId: '10020030/234567',
      name: 'MUELLER',
    });
  });

  it('glues remittance pieces that fill their 27 characters and spaces shorter ones', () => {
    expect(parseInformation(['?20Faktura VAT 15/03/2024 za u?21sługi?22księgowe']).remittanceInfo).toBe(
      'Faktura VAT 15/03/2024 za usługi księgowe',
    );
  });

  it('reads Polish ~ subfields and prefers the ~38 IBAN', () => {
    const info = parseInformation([
      '034~00PRZELEW~20Opłata~3010901014~310000071219812874~32Biuro~38PL27109010140000071219812874',
    ]);
    expect(info.counterparty).toEqual({ iban: 'PL27109010140000071219812874', name: 'Biuro' });
    expect(info.bookingText).toBe('PRZELEW');
  });

  it('reads the Dutch keyword style and ignores slashes inside values', () => {
    const info = parseInformation([
      '/TRTP/SEPA OVERBOEKING/IBAN/NL44RABO0123456789/BIC/RABONL2U/NAME/J. JANSEN/REMI/FACTUUR 12/34/EREF/NOTPROVIDED',
    ]);
    expect(info).toEqual({
      style: 'keyword',
      bookingText: 'SEPA OVERBOEKING',
      remittanceInfo: 'FACTUUR 12/34',
      counterparty: { iban: 'NL44RABO0123456789', bic: 'RABONL2U', name: 'J. JANSEN' },
    });
  });

  it('reads the ING counterparty written positionally in /CNTP/', () => {
    const info = parseInformation([
      '/EREF/X-1//CNTP/NL20INGB0001234567/INGBNL2A/Energie BV/AMSTERDAM//REMI/USTD//maart/',
    ]);
    expect(info).toMatchObject({
      endToEndId: 'X-1',
      remittanceInfo: 'maart',
      counterparty: { iban: 'NL20INGB0001234567', bic: 'INGBNL2A', name: 'Energie BV' },
    });
  });

  it('reads Rabobank’s counterparty account and BIC in /ACCW/IBAN,BIC/', () => {
    const info = parseInformation([
      '/ACCW/NL54INGB0006752576,INGBNL2A/ORDP//NAME/Hr A B Huibers en/of',
      ' Mw S L Huibers/REMI/1000122-P5549161',
    ]);
    expect(info).toMatchObject({
      remittanceInfo: '1000122-P5549161',
      counterparty: { iban: 'NL54INGB0006752576', bic: 'INGBNL2A', name: 'Hr A B Huibers en/of Mw S L Huibers' },
    });
  });

  it('keeps free text as the remittance information', () => {
    expect(parseInformation(['BARGELDBEZUG POSTOMAT', 'ZUERICH HB'])).toEqual({
      style: 'text',
      counterparty: {},
      remittanceInfo: 'BARGELDBEZUG POSTOMAT ZUERICH HB',
    });
  });

  it('glues a full 65-character line to the next and spaces a shorter one', () => {
    const full = 'A'.repeat(60) + 'STRAS';
    expect(joinWrapped([full, 'SE 1', 'NEXT'])).toBe(`${'A'.repeat(60)}STRASSE 1 NEXT`);
  });

  it('spaces a line longer than 65 characters: its bank does not wrap at 65 (bunq)', () => {
    const long = `/NAME/ROUTERHOSTING/REMI/ROUTERHOSTING ${'T'.repeat(26)} TAURANGA, NZ`;
    expect(long.length).toBeGreaterThan(65);
    expect(joinWrapped([long, '1.00 NZD'])).toBe(`${long} 1.00 NZD`);
    expect(parseInformation([long, '1.00 NZD']).remittanceInfo).toBe(
      `ROUTERHOSTING ${'T'.repeat(26)} TAURANGA, NZ 1.00 NZD`,
    );
  });

  it('ends a SEPA keyword field where it would outgrow its SEPA length, and keeps the rest as remittance', () => {
    const info = parseInformation([
      '177?00SEPA-UEBERWEISUNG?20EREF+987/654/32100-----X220?21000000098765 BIC: GENODEF1?22ABWA: Stadtkasse Beispiel?30GENODEF1',
    ]);
    expect(info.endToEndId).toBe('987/654/32100-----X220');
    expect(info.remittanceInfo).toBe('000000098765 BIC: GENODEF1 ABWA: Stadtkasse Beispiel');
  });

  it('lets a keyword value go on into the next subfield while it fits', () => {
    const info = parseInformation(['?20EREF+ORDER-2024-00000000000?21123456?22SVWZ+Rechnung 17']);
    expect(info).toMatchObject({ endToEndId: 'ORDER-2024-00000000000123456', remittanceInfo: 'Rechnung 17' });
  });

  it('glues only a piece of exactly 27 characters to the next: a longer one was not cut at that width', () => {
    const long = parseInformation(['?20Rechnung 2024-0017 vom 2. April?21Kundennummer 4711']);
    expect(long.remittanceInfo).toBe('Rechnung 2024-0017 vom 2. April Kundennummer 4711');
    const full = parseInformation(['?20Rechnung 2024-0017 vom 2. A?21pril']);
    expect(full.remittanceInfo).toBe('Rechnung 2024-0017 vom 2. April');
  });

  it('reads creditor id, customer reference and ultimate parties from their keywords', () => {
    const info = parseInformation([
      '?20EREF+E1?21KREF+K-77?22MREF+M1?23CRED+DE98ZZZ09999999999?24ABWA+Oma Beispiel?25ABWE+Verein e.V.?26SVWZ+Beitrag',
    ]);
    expect(info).toMatchObject({
      endToEndId: 'E1',
      customerReference: 'K-77',
      mandateId: 'M1',
      creditorId: 'DE98ZZZ09999999999',
      ultimateDebtor: 'Oma Beispiel',
      ultimateCreditor: 'Verein e.V.',
      remittanceInfo: 'Beitrag',
    });
  });

  it('spaces a wrapped remittance piece that ends where its line ends, before a subfield on a new line', () => {
    const info = parseInformation(['051?00UEBERWEISUNG?20Gehalt Oktob', 'er', '?21Firma Mustermann GmbH?32MUELLER']);
    expect(info.remittanceInfo).toBe('Gehalt Oktober Firma Mustermann GmbH');
    const cut = parseInformation(['051?00UEBERWEISUNG?20Gehalt Oktob', 'er Fir?21ma Mustermann GmbH']);
    expect(cut.remittanceInfo).toBe('Gehalt Oktober Firma Mustermann GmbH');
  });

  it('glues a counterparty name whose ?32 piece the bank wrapped across a line, and spaces one that ended', () => {
    const wrapped = parseInformation(['020?00PRZELEW?32ZAKLAD STOLARSKI PRZY UL', 'KOPERNI?33KA 12 00-001 WARSZAWA']);
    expect(wrapped.counterparty.name).toBe('ZAKLAD STOLARSKI PRZY ULKOPERNIKA 12 00-001 WARSZAWA');
    expect(parseInformation(['166?32Max Mustermann?33GmbH']).counterparty.name).toBe('Max Mustermann GmbH');
    expect(parseInformation(['166?32Gesellschaft fuer Beispiele?33mbH']).counterparty.name).toBe(
      'Gesellschaft fuer BeispielembH',
    );
  });
});

// Hostile-input sweep: a misspelt keyword or subfield mark, or an account or BIC that is none,
// lost the counterparty's name and BIC, or put the name in the IBAN column, with no warning.
describe(':86: keywords and subfields that cannot be read as written', () => {
  it('keeps the text after a Dutch /BIC/ that a misspelt keyword ran into it, with a warning', () => {
    const info = parseInformation([
      '/TRTP/SEPA OVERBOEKING/IBAN/NL69INGB0123456789/BIC/INGBNL2A/NAXME/',
      'K. DE VRIES/REMI/TERUGBETALING/EREF/KDV-1',
    ]);
    expect(info.counterparty).toEqual({ iban: 'NL69INGB0123456789', bic: 'INGBNL2A' });
    expect(info.remittanceInfo).toBe('TERUGBETALING NAXME/ K. DE VRIES');
    expect(info.problems).toEqual([
      'the /BIC/ value is followed by "/NAXME/ K. DE VRIES", which starts with no keyword this reader knows: kept in the remittance',
    ]);
  });

  it('warns about a Dutch /BIC/ that is none', () => {
    const info = parseInformation(['/TRTP/SEPA OVERBOEKING/BIC/RABO-NL/NAME/J. JANSEN/REMI/X']);
    expect(info.counterparty).toEqual({ name: 'J. JANSEN' });
    expect(info.problems).toEqual(['the /BIC/ value "RABO-NL" is no BIC: left out']);
  });

  it('takes the IBAN of a German ?31 that a stray ?3X ran the name into, keeping the rest', () => {
    const info = parseInformation(['166?00GUTSCHRIFT?20Lohn?30BYLADEMM?31DE12500105170648489890?3XArbeitgeber AG']);
    expect(info.counterparty).toEqual({ iban: 'DE12500105170648489890', bic: 'BYLADEMM' });
    expect(info.remittanceInfo).toBe('Lohn ?3XArbeitgeber AG');
    expect(info.problems).toEqual([
      'a "?" in ?31 starts no subfield (? and two digits): read as part of ?31',
      '?31 holds "?3XArbeitgeber AG" after the IBAN: kept in the remittance',
    ]);
  });

  it('warns about an IBAN with wrong check digits and a ?30 that is neither BIC nor bank code', () => {
    const info = parseInformation(['166?00GUTSCHRIFT?20Lohn?30BYLA-DEMM?31DE12500105170648489891?32Arbeitgeber AG']);
    expect(info.counterparty).toEqual({ iban: 'DE12500105170648489891', name: 'Arbeitgeber AG' });
    expect(info.problems).toEqual([
      'the IBAN "DE12500105170648489891" has wrong check digits: kept as written',
      '?30 "BYLA-DEMM" is neither a BIC nor a bank code: left out',
    ]);
  });
});
