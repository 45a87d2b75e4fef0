import { redact } from './redact';

describe('redact', () => {
  it('hides api_key query values and literal secrets', () => {
    const url =
      'https://api.stlouisfed.org/fred/series/observations?series_id=DGS10&api_key=abcdef0123456789&file_type=json';
    expect(redact(url)).toBe(
      'https://api.stlouisfed.org/fred/series/observations?series_id=DGS10&api_key=***&file_type=json',
    );
    expect(redact('header was CG-SECRETKEY123 here', ['CG-SECRETKEY123'])).toBe('header was *** here');
  });
});
