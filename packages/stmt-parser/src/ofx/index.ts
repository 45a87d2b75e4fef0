import type { FormatParser } from '../formats';
import { parseOfx, sniffOfx } from './parser';

/** OFX 1.x (SGML) and 2.x (XML): bank, credit-card and investment-cash statements. */
export const ofxParser: FormatParser = {
  sniff: sniffOfx,
  parse: parseOfx,
};
