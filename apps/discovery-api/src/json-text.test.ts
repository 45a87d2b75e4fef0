import { jsonTextOf, withJsonText } from './json-text';

describe('json text', () => {
  it('gives the text recorded for a value, by identity, and nothing for other values', () => {
    const value = withJsonText({ a: 1 }, '{"a":1}');
    expect(jsonTextOf(value)).toBe('{"a":1}');
    expect(jsonTextOf({ a: 1 })).toBeUndefined();
    expect(jsonTextOf('{"a":1}')).toBeUndefined();
    expect(jsonTextOf(null)).toBeUndefined();
  });
});
