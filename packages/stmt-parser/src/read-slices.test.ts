import { byteSlices, READ_SLICE, textSlices } from './read-slices';

describe('read slices', () => {
  it('cut bytes into views of READ_SLICE bytes that add up to the whole', () => {
    const bytes = Buffer.alloc(2 * READ_SLICE + 5, 7);
    const slices = [...byteSlices(bytes)];
    expect(slices.map((slice) => slice.length)).toEqual([READ_SLICE, READ_SLICE, 5]);
    expect(Buffer.concat(slices).equals(bytes)).toBe(true);
    expect([...byteSlices(Buffer.alloc(0))]).toEqual([]);
  });

  it('cut text into slices of READ_SLICE characters, one longer where a surrogate pair would be cut', () => {
    const emoji = '\u{1F96A}';
    const text = `${'a'.repeat(READ_SLICE - 1)}${emoji}${'b'.repeat(READ_SLICE)}`;
    const slices = [...textSlices(text)];
    expect(slices.join('')).toBe(text);
    expect(slices.map((slice) => slice.length)).toEqual([READ_SLICE + 1, READ_SLICE]);
    const high = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
    const low = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;
    for (const slice of slices) {
      expect(high(slice.charCodeAt(slice.length - 1))).toBe(false);
      expect(low(slice.charCodeAt(0))).toBe(false);
    }
  });

  it('hand short text on whole', () => {
    expect([...textSlices('short')]).toEqual(['short']);
    expect([...textSlices('')]).toEqual(['']);
  });
});
