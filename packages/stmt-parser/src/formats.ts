import iconv from 'iconv-lite';
import { camtParser } from './camt/parser';
import { detectEncoding } from './encoding';
import { mt940Parser } from './mt940';
import { ofxParser } from './ofx';
import { bankCsvProfileParser, revolutCsvParser } from './csv';
import type { ParseOptions, StatementFormat, StatementRecord } from './types';

/**
 * One file format family. `parse` receives the raw bytes (the format decides how to decode
 * them, honouring `options.encoding` when set) and yields records in file order.
 */
export interface FormatParser {
  format: StatementFormat | StatementFormat[];
  /** Recognises the format from the decoded first bytes of a file (at least 4 KiB when the file has them). */
  sniff(head: string): StatementFormat | undefined;
  parse(source: AsyncIterable<Buffer>, options: ParseOptions): AsyncIterable<StatementRecord>;
  /** Optionally explains why a head that resembles this family is still refused (e.g. camt.086). */
  unsupported?(head: string): string | undefined;
}

/** Every parser, in sniffing order. Adding a format is one line here. */
export const formatParsers: FormatParser[] = [camtParser, mt940Parser, ofxParser, revolutCsvParser, bankCsvProfileParser];

export function parserFor(format: StatementFormat): FormatParser | undefined {
  return formatParsers.find((p) => (Array.isArray(p.format) ? p.format.includes(format) : p.format === format));
}

/** The format of a file from its first bytes (or text), or `undefined` when no parser recognises it. */
export function detectFormat(head: Buffer | string): StatementFormat | undefined {
  const text = typeof head === 'string' ? head : headText(head);
  for (const parser of formatParsers) {
    const format = parser.sniff(text);
    if (format) return format;
  }
  return undefined;
}

/** A parser's explanation for refusing a head that looks like its family, if any has one. */
export function explainUnsupported(head: Buffer | string): string | undefined {
  const text = typeof head === 'string' ? head : headText(head);
  for (const parser of formatParsers) {
    const reason = parser.unsupported?.(text);
    if (reason) return reason;
  }
  return undefined;
}

/** Decodes a head for sniffing; a character cut off at the end is harmless here. */
export function headText(head: Buffer): string {
  const { encoding } = detectEncoding(head);
  return iconv.encodingExists(encoding) ? iconv.decode(head, encoding) : head.toString('latin1');
}
