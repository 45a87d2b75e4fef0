import type { FormatParser } from '../formats';
import { parseMt940, sniffMt940 } from './parser';

/** SWIFT MT940 (customer statement) and MT942 (interim transaction report). */
export const mt940Parser: FormatParser = {
  sniff: sniffMt940,
  parse: parseMt940,
};
