import { docsPage } from '@fin/errors';
import iconv from 'iconv-lite';
import { camtParser } from './camt/parser';
import { detectEncoding, isWideUnicodeName } from './encoding';
import { mt940Parser } from './mt940';
import { ofxParser } from './ofx';
import { bankCsvProfileParser, revolutCsvParser } from './csv';
import { looksLikeCsv } from './csv/profile-detect';
import type { ParseOptions, StatementFormat, StatementRecord } from './types';

/**
 * One file format family. `parse` receives the raw bytes (the format decides how to decode
 * them, honouring `options.encoding` when set) and yields records in file order.
 */
export interface FormatParser {
  /** Recognises the format from the decoded first bytes of a file (at least 4 KiB when the file has them). */
  sniff(head: string): StatementFormat | undefined;
  parse(source: AsyncIterable<Buffer>, options: ParseOptions): AsyncIterable<StatementRecord>;
  /** Optionally explains why a head that resembles this family is still refused (e.g. camt.086). */
  unsupported?(head: string): string | undefined;
}

/** The ISO 20022 camt messages (`stmt camt` reads only these). */
export const CAMT_FORMATS = ['camt.052', 'camt.053', 'camt.054'] as const;

/**
 * Every format family with the format names it reads, in sniffing order: the one list that
 * `StatementFormat`, `STATEMENT_FORMATS`, detection and the CLI's `--from` derive from.
 * Adding a format is its parser's files plus one entry here (docs/adding-a-format.md).
 */
export const FORMAT_REGISTRY = [
  { formats: CAMT_FORMATS, parser: camtParser },
  { formats: ['mt940', 'mt942'], parser: mt940Parser },
  { formats: ['ofx'], parser: ofxParser },
  { formats: ['revolut-csv'], parser: revolutCsvParser },
  { formats: ['bank-csv'], parser: bankCsvProfileParser },
] as const satisfies readonly { formats: readonly string[]; parser: FormatParser }[];

/** A format name the parsers understand (`camt.053`, `mt940`, `bank-csv`, …). */
export type RegisteredFormat = (typeof FORMAT_REGISTRY)[number]['formats'][number];

/** Every format name, in registry order. */
export const STATEMENT_FORMATS: readonly RegisteredFormat[] = FORMAT_REGISTRY.flatMap((entry) => entry.formats);

const formatParsers: readonly FormatParser[] = FORMAT_REGISTRY.map((entry) => entry.parser);

export function parserFor(format: StatementFormat): FormatParser | undefined {
  return FORMAT_REGISTRY.find((entry) => (entry.formats as readonly string[]).includes(format))?.parser;
}

/** True for a name in the registry: narrows user input such as a `--from` value. */
export function isStatementFormat(name: string): name is StatementFormat {
  return (STATEMENT_FORMATS as readonly string[]).includes(name);
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

/**
 * Decodes a head for sniffing; a character cut off at the end is harmless here. An XML
 * declaration naming UTF-16 or UTF-32 in a head with neither a byte-order mark nor NUL bytes
 * (which `detectEncoding` would have recognised) was itself written in 8-bit bytes, so it is
 * wrong, and the head is read as UTF-8 (ofxgo's OFX samples declare `utf-16` over ASCII).
 */
export function headText(head: Buffer): string {
  const { encoding, source } = detectEncoding(head);
  if (source === 'declaration' && isWideUnicodeName(encoding)) return head.toString('utf8');
  return iconv.encodingExists(encoding) ? iconv.decode(head, encoding) : head.toString('latin1');
}

/** Files people try that hold a statement some other way, by their first bytes, and what to do. */
const CONTAINERS: readonly { magic: readonly number[]; what: string }[] = [
  { magic: [0x1f, 0x8b], what: 'gzip-compressed data: decompress it first (gunzip)' },
  {
    magic: [0x50, 0x4b, 0x03, 0x04],
    what: 'a ZIP archive (or an Excel .xlsx workbook): extract the statement first, or export the sheet as CSV',
  },
  {
    magic: [0x25, 0x50, 0x44, 0x46],
    what: 'a PDF document: download the export (camt XML, MT940, OFX or CSV) instead',
  },
  { magic: [0xd0, 0xcf, 0x11, 0xe0], what: 'an Excel .xls workbook: export the sheet as CSV' },
];

/** For the UNKNOWN_FORMAT message: what the file is instead when its first bytes say so (gzip, ZIP, PDF). */
export function containerOf(head: Buffer): string | undefined {
  return CONTAINERS.find(({ magic }) => magic.every((byte, i) => head[i] === byte))?.what;
}

/**
 * For the UNKNOWN_FORMAT message of a head that no parser recognises, what it still resembles:
 * an `<OFX>` element after text that is no OFX header (a bank's banner line, say) may be OFX,
 * which `--from ofx` reads whatever precedes it; a table is likely a bank's CSV export that no
 * profile describes. Empty when nothing comes to mind.
 */
export function unrecognisedFormatHint(head: Buffer | string): string {
  const text = typeof head === 'string' ? head : headText(head);
  if (/<OFX>/i.test(text))
    return '; it contains <OFX>: if it is an OFX statement, name the format with --from ofx (library: format: "ofx")';
  if (looksLikeCsv(text))
    return `; it reads as a table: if it is a bank's CSV export, no CSV profile recognises its header, so write a profile for it (${docsPage('csv-profiles.md')}) or name one with --profile (library: csvProfile)`;
  return '';
}
