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
