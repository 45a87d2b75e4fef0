import { readOfxHeader } from './header';

describe('OFX 1.x encoding', () => {
  const header = (body: string, encoding: BufferEncoding): Buffer =>
    Buffer.concat([
      Buffer.from('OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX><NAME>', 'latin1'),
      Buffer.from(body, encoding),
    ]);

  it('reads the declared Windows-1252 code page', () => {
    expect(readOfxHeader(header('Café', 'latin1'))).toEqual({ version: '102', encoding: 'windows-1252' });
  });

  it('reads UTF-8 text that the header calls USASCII as UTF-8', () => {
    expect(readOfxHeader(header('Café', 'utf8')).encoding).toBe('utf-8');
  });

  it('lets an explicit encoding win', () => {
    expect(readOfxHeader(header('Café', 'utf8'), 'iso-8859-15').encoding).toBe('iso-8859-15');
  });
});

describe('OFX 1.x header after a byte-order mark', () => {
  const sgml = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n<OFX>';

  it('skips a UTF-8 byte-order mark before the header lines, with no warning', () => {
    const head = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sgml, 'latin1')]);
    expect(readOfxHeader(head)).toEqual({ version: '102', encoding: 'utf-8' });
    expect(readOfxHeader(head, 'windows-1252')).toEqual({ version: '102', encoding: 'windows-1252' });
  });

  it('places a warning after the mark as if it were not there', () => {
    const head = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(sgml.replace('OFXHEADER:100\n', ''), 'latin1'),
    ]);
    expect(readOfxHeader(head).warnings).toEqual([
      {
        code: 'MISSING_ELEMENT',
        message: 'the OFX 1.x header has no OFXHEADER line: read as OFX version 102 all the same',
        line: 1,
        column: 1,
      },
    ]);
  });
});
