import { parseOfxAmount, parseOfxDate } from './values';
import { decodeEntities, OfxTokenizer, type OfxToken } from './tokenizer';

describe('OFX dates', () => {
  it('keeps the calendar date as written and converts the time to UTC', () => {
    expect(parseOfxDate('20090401122017.000[-5:EST]')).toEqual({
      date: '2009-04-01',
      timestamp: '2009-04-01T17:20:17.000Z',
    });
    expect(parseOfxDate('20240331235959[-5:EST]')).toEqual({ date: '2024-03-31', timestamp: '2024-04-01T04:59:59Z' });
    expect(parseOfxDate('20240401')).toEqual({ date: '2024-04-01' });
    expect(parseOfxDate('20240401093000[+5.5:IST]')?.timestamp).toBe('2024-04-01T04:00:00Z');
  });

  it('refuses dates that do not exist', () => {
    for (const text of ['20240231', '20230229', '19000229', '20241301', '20240100', '20240431'])
      expect([text, parseOfxDate(text)]).toEqual([text, undefined]);
    expect(parseOfxDate('20000229')).toEqual({ date: '2000-02-29' });
    expect(parseOfxDate('20241231')).toEqual({ date: '2024-12-31' });
    expect(parseOfxDate('2024-02-30')).toBeUndefined();
    expect(parseOfxDate('20240231120000[-03:00]')).toBeUndefined();
  });

  it('gives the first eight digits when the time or zone is not in OFX shape, saying what is wrong', () => {
    expect(parseOfxDate('20240105120000[-03:00]')).toEqual({
      date: '2024-01-05',
      deviation: 'the time zone "[-03:00]" is not [offset:TZ] (such as [-5:EST])',
    });
    expect(parseOfxDate('20240105120000.0000[GMT]')?.deviation).toBe(
      'the fraction of a second ".0000" has 4 digits, not 1 to 3 and the time zone "[GMT]" is not [offset:TZ] (such as [-5:EST])',
    );
    expect(parseOfxDate('2024010512')?.deviation).toBe('the time "12" is not HHMMSS[.XXX]');
    expect(parseOfxDate('20240105 noon')?.deviation).toBe(
      'the text after the date, " noon", is not a time and time zone HHMMSS[.XXX][offset:TZ]',
    );
    expect(parseOfxDate('20240105[-5:EST]')).toEqual({ date: '2024-01-05' });
  });
});

describe('OFX amounts', () => {
  it('reads the sign as the direction and keeps the scale', () => {
    expect(parseOfxAmount('-6.60')).toEqual({ amount: expect.objectContaining({ scale: 2 }), creditDebit: 'DBIT' });
    expect(parseOfxAmount('+12')?.creditDebit).toBe('CRDT');
    expect(parseOfxAmount('-45,80')?.amount.toString()).toBe('45.80');
    expect(parseOfxAmount('-.5')?.amount.toString()).toBe('0.5');
    expect(parseOfxAmount('-0.00')?.creditDebit).toBe('CRDT');
  });

  it('reads thousands separators, and says so, where the grouping is unambiguous', () => {
    expect(parseOfxAmount('1,234.50')).toMatchObject({ creditDebit: 'CRDT', grouped: '1234.50' });
    expect(parseOfxAmount('-1.234.567,8')).toMatchObject({ creditDebit: 'DBIT', grouped: '1234567.8' });
    expect(parseOfxAmount("+1'234.50")?.amount.toString()).toBe('1234.50');
    expect(parseOfxAmount('1,234')?.amount.toString()).toBe('1.234'); // a decimal comma, as OFX allows
    expect(parseOfxAmount('12,50')?.grouped).toBeUndefined();
    expect(parseOfxAmount('1,23,4.5')).toBeUndefined();
    expect(parseOfxAmount('1,234,5')).toBeUndefined();
  });

  it('reads blanks grouping digits in threes as thousands separators, and says so', () => {
    expect(parseOfxAmount('1 000.00')).toMatchObject({ creditDebit: 'CRDT', grouped: '1000.00' });
    expect(parseOfxAmount('-1\u00a0000.00')).toMatchObject({ creditDebit: 'DBIT', grouped: '1000.00' });
    expect(parseOfxAmount('12 345 678.90')?.grouped).toBe('12345678.90');
    expect(parseOfxAmount('1\u202f234,5')?.grouped).toBe('1234.5');
    expect(parseOfxAmount('- 1 000')).toMatchObject({ creditDebit: 'DBIT', grouped: '1000' });
  });

  it('refuses more than one sign, a sign after a blank, and blanks that are not grouping', () => {
    for (const text of ['+-10.00', '+ -10.00', '+-0.01', '--10.00', '- -10.00', '-10 .50', '1 00.00', '1 000 00.00'])
      expect([text, parseOfxAmount(text)]).toEqual([text, undefined]);
    expect(parseOfxAmount('1 000\u00a0000.00')).toBeUndefined(); // two kinds of separator
    expect(parseOfxAmount('+10.00')).toMatchObject({ creditDebit: 'CRDT', plusSign: true });
  });
});

describe('OFX tokenizer', () => {
  const tokens = (...chunks: string[]): OfxToken[] => {
    const tokenizer = new OfxTokenizer();
    const read: OfxToken[] = [];
    const collect = (token: OfxToken): number => read.push(token);
    for (const chunk of chunks) tokenizer.write(chunk, collect);
    tokenizer.end(collect);
    return read;
  };

  it('gives the same tokens whatever the chunking', () => {
    const text = '<OFX>\n<NAME>A &amp; B<MEMO><![CDATA[x <y>]]></MEMO><!-- c --></OFX>';
    const whole = tokens(text);
    expect(tokens(...text.split(''))).toEqual(whole);
    expect(whole.map((t) => t.type)).toEqual(['open', 'text', 'open', 'text', 'open', 'text', 'close', 'close']);
    expect(whole[4]).toEqual({ type: 'open', name: 'MEMO', line: 2, column: 16 });
  });

  it('reads tag names in any case, up to a blank or a slash', () => {
    expect(tokens('<memo\t>a<Ofx x="1"><br />').map((t) => ('name' in t ? [t.type, t.name] : [t.type]))).toEqual([
      ['open', 'MEMO'],
      ['text'],
      ['open', 'OFX'],
      ['empty', 'BR'],
    ]);
  });

  it('decodes character references', () => {
    expect(decodeEntities('Caf&#233; &lt;&#x41;&gt; &unknown;')).toBe('Café <A> &unknown;');
  });
});
