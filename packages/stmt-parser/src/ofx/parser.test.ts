import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstError } from '../../test/support/outcome';
import { detectFormat } from '@stmt/parser';

const FIXTURES = join(__dirname, '..', '..', 'test', 'fixtures', 'ofx');

describe('OFX detection', () => {
  it.each([
    ['OFXHEADER:100\nDATA:OFXSGML\n', 'ofx'],
    ['<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX>', 'ofx'],
    ['\uFEFF<OFX><SIGNONMSGSRSV1>', 'ofx'],
  ])('recognises %j', (head, format) => {
    expect(detectFormat(head)).toBe(format);
  });

  it('leaves other XML alone', () => {
    expect(detectFormat('<?xml version="1.0"?><root><OFX/></root>')).toBeUndefined();
  });
});

describe('OFX errors', () => {
  it('names the transaction left open when an end tag skips it', async () => {
    const error = await firstError(
      Buffer.from(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<?OFX OFXHEADER="200" VERSION="211"?>',
          '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS><CURDEF>USD</CURDEF>',
          '<BANKACCTFROM><BANKID>1</BANKID><ACCTID>42</ACCTID></BANKACCTFROM><BANKTRANLIST>',
          '<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240102</DTPOSTED><TRNAMT>-1.00</TRNAMT>',
          '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
        ].join('\n'),
      ),
    );
    expect(error.code).toBe('NOT_WELL_FORMED');
    expect(error.location).toMatchObject({
      line: 6,
      column: 1,
      path: 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/BANKTRANLIST/STMTTRN[1]',
    });
    expect(error.message).toContain('expected </STMTTRN> before </BANKTRANLIST>');
  });

  it('reports a file cut off inside a transaction as truncated, at the end of the file', async () => {
    const error = await firstError(readFileSync(join(FIXTURES, 'invalid', 'truncated.ofx')));
    expect(error.code).toBe('TRUNCATED');
    expect(error.location).toMatchObject({
      line: 17,
      column: 38,
      path: 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/BANKTRANLIST/STMTTRN[2]/DTPOSTED',
    });
  });

  it('throws the first bad value with the element path when nobody collects issues', async () => {
    const error = await firstError(readFileSync(join(FIXTURES, 'invalid', 'bad-values.ofx')));
    expect(error.code).toBe('MISSING_ELEMENT');
    expect(error.location).toMatchObject({ line: 13, column: 1, path: 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS' });
  });

  it('reports an OFX file without statements', async () => {
    const error = await firstError(
      Buffer.from(
        'OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</STATUS></SONRS></SIGNONMSGSRSV1></OFX>',
      ),
    );
    expect(error.code).toBe('MISSING_ELEMENT');
  });
});
