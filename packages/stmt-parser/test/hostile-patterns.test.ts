import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAmount } from '../src/csv/profile-values';
import { parseDutchInformation } from '../src/mt940/information-dutch';
import { readOfxHeader } from '../src/ofx/header';
import { withoutTrailing } from '../src/text';

// Values built so that a pattern which tries a long run from every position of it takes
// quadratic time. Found by trying every regular expression of the packages on runs of blanks,
// slashes, digits and line breaks followed by a character that ends no match: 200,000
// characters took 30 to 50 s each where they now take milliseconds.
const RUN = 200_000;
const ofxHead = (run: number): Buffer =>
  Buffer.from(`OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n${'\n'.repeat(run)}\u0001\nCHARSET:1252\n<OFX>`);
const dutch = (run: number): string => `/TRTP/SEPA OVERBOEKING/REMI/${'/'.repeat(run)}x/NAME/A`;
const amount = (run: number): string => `1${' '.repeat(run)}\u0001`;

describe('patterns over long runs', () => {
  it('read what they read before', () => {
    expect(readOfxHeader(ofxHead(10))).toMatchObject({ version: '102' });
    expect(parseDutchInformation(dutch(10))?.counterparty?.name).toBe('A');
    expect(parseAmount(amount(10), '.', ',')).toBeNull();
    expect(parseAmount('12.50 EUR', '.', ',')).toEqual({ value: expect.anything(), currency: 'EUR' });
    expect(withoutTrailing('1.500', '0')).toBe('1.5');
    expect(withoutTrailing('//', '/')).toBe('');
  });

  it('take linear time: the built functions on 200,000-character runs finish long before a 20 s limit', () => {
    const dist = (file: string): string => JSON.stringify(join(__dirname, '..', 'dist', file));
    const script = `
      const { readOfxHeader } = require(${dist('ofx/header.js')});
      const { parseDutchInformation } = require(${dist('mt940/information-dutch.js')});
      const { parseAmount } = require(${dist('csv/profile-values.js')});
      const { withoutTrailing } = require(${dist('text.js')});
      const run = ${RUN};
      readOfxHeader(Buffer.from('OFXHEADER:100\\nDATA:OFXSGML\\nVERSION:102\\n' + '\\n'.repeat(run) + '\\u0001\\nCHARSET:1252\\n<OFX>'));
      parseDutchInformation('/TRTP/SEPA OVERBOEKING/REMI/' + '/'.repeat(run) + 'x/NAME/A');
      parseAmount('1' + ' '.repeat(run) + '\\u0001', '.', ',');
      withoutTrailing('0'.repeat(run) + '1', '0');
      process.stdout.write('done');
    `;
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(child.signal).toBeNull();
    expect(child.stdout).toBe('done');
  }, 30_000);
});
