import { detectFormat } from '@stmt/parser';

const doc = (ns: string, root: string) =>
  `<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${ns}"><${root}>`;

describe('detectFormat for camt', () => {
  it.each([
    ['camt.052.001.01', 'BkToCstmrAcctRptV01', 'camt.052'],
    ['camt.052.001.13', 'BkToCstmrAcctRpt', 'camt.052'],
    ['camt.053.001.02', 'BkToCstmrStmt', 'camt.053'],
    ['camt.053.001.14', 'BkToCstmrStmt', 'camt.053'],
    ['camt.053.001.15', 'BkToCstmrStmt', 'camt.053'], // unpublished version: the parser names the supported range
    ['camt.054.001.08', 'BkToCstmrDbtCdtNtfctn', 'camt.054'],
  ])('recognises %s by its namespace', (ns, root, format) => {
    expect(detectFormat(doc(ns, root))).toBe(format);
  });

  it('recognises the message element when the namespace is missing, with or without a prefix', () => {
    expect(detectFormat('<Document><BkToCstmrStmt>')).toBe('camt.053');
    expect(detectFormat('<x:Document xmlns:x="urn:other"><x:BkToCstmrDbtCdtNtfctn>')).toBe('camt.054');
  });

  it('does not claim other ISO 20022 messages or non-statement files', () => {
    expect(detectFormat(doc('pain.001.001.03', 'CstmrCdtTrfInitn'))).toBeUndefined();
    expect(detectFormat(doc('camt.086.001.02', 'BkSvcsBllgStmt'))).toBeUndefined();
    expect(detectFormat('Date,Description,Amount\n')).toBeUndefined();
    expect(detectFormat(Buffer.alloc(0))).toBeUndefined();
  });

  it('sniffs a UTF-16 file from its BOM', () => {
    const text = doc('camt.053.001.08', 'BkToCstmrStmt');
    expect(detectFormat(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toBe('camt.053');
  });
});
