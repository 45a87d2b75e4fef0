import iconv from 'iconv-lite';
import { detectEncoding, isWideUnicodeName } from '../encoding';
import type { ParseErrorCode } from '../errors';
import { looksLikeUtf8, Utf8Check } from '../utf8-check';

export { looksLikeUtf8 } from '../utf8-check';

export interface OfxHeader {
  /** `102`, `211`…: the OFX version the file declares. */
  version?: string;
  /** Encoding name for iconv-lite. */
  encoding: string;
  /** Deviations of the header that change no row, each with its place (absent when there are none). */
  warnings?: OfxHeaderWarning[];
}

export interface OfxHeaderWarning {
  code: ParseErrorCode;
  message: string;
  line: number;
  column: number;
}

/** The keys of OFX 1.x header lines other than `OFXHEADER` (OFX 1.6 §2.2). */
const HEADER_KEYS = ['DATA', 'VERSION', 'SECURITY', 'ENCODING', 'CHARSET', 'COMPRESSION', 'OLDFILEUID', 'NEWFILEUID'];

/**
 * Reads the OFX header from the first bytes. OFX 1.x writes `KEY:VALUE` lines
 * (`ENCODING:USASCII`, `CHARSET:1252`); OFX 2.x an XML declaration and `<?OFX VERSION="211"?>`.
 * An explicit encoding option wins, then a byte-order mark, then what the file declares.
 *
 * An XML declaration that names UTF-16 or UTF-32 in a file with neither a byte-order mark nor
 * NUL bytes (ofxgo's samples) was itself written in 8-bit bytes, so it is wrong: the file is read
 * as UTF-8 (Windows-1252 when its head is not UTF-8), with a warning. Leading comments are
 * skipped. A header with parts missing (an XML declaration without `<?OFX …?>`, 1.x header
 * lines without `OFXHEADER:`) is read as it is, with a warning; a file that starts at `<OFX>`
 * has no header to report on.
 */
export function readOfxHeader(head: Buffer, forcedEncoding?: string): OfxHeader {
  const detected = detectEncoding(head);
  const misdeclared =
    forcedEncoding === undefined && detected.source === 'declaration' && isWideUnicodeName(detected.encoding);
  const encoding = forcedEncoding ?? (misdeclared ? eightBitEncoding(head) : detected.encoding);
  // The header is ASCII, which latin1 reads in any 8-bit encoding or UTF-8; UTF-16 must be decoded first.
  // A byte-order mark (U+FEFF, or its UTF-8 bytes read as latin1) is not part of the header: it
  // is dropped before the header lines are read, and places are counted without it, as in the body.
  const raw = (isWideUnicodeName(encoding) ? iconv.decode(head, encoding) : head.toString('latin1')).replace(
    /^(?:\uFEFF|\u00EF\u00BB\u00BF)/,
    '',
  );
  const text = raw.replace(/<!--[\s\S]*?-->/g, '');
  const header: OfxHeader = { encoding };
  const warnings: OfxHeaderWarning[] = [];
  const warn = (code: ParseErrorCode, message: string, index: number): void => {
    warnings.push({ code, message, ...placeOf(raw, Math.max(0, index)) });
  };
  if (misdeclared)
    warn(
      'INVALID_ENCODING',
      `the XML declaration names the encoding ${detected.encoding.toUpperCase()}, but the file has no ${detected.encoding.toUpperCase()} byte-order mark and no NUL bytes, so the declaration was written in 8-bit text: read as ${encoding.toUpperCase()} (if its text comes out wrong, name the encoding with --encoding)`,
      raw.search(/\sencoding\s*=/) + 1,
    );
  const done = (): OfxHeader => (warnings.length > 0 ? { ...header, warnings } : header);

  const pi = /<\?OFX\b([^?]*)\?>/i.exec(text);
  if (pi) {
    const version = /VERSION\s*=\s*"(\d+)"/i.exec(pi[1] ?? '')?.[1];
    if (version) header.version = version;
    return done();
  }
  if (/^\s*<\?xml\b/i.test(text)) {
    // OFX 2.x without its header: XML, so the declaration (or UTF-8) gives the encoding.
    warn(
      'MISSING_ELEMENT',
      'the XML declaration is not followed by the OFX header <?OFX OFXHEADER="200" VERSION="…"?>: read as OFX 2.x of unknown version',
      raw.indexOf('<?xml'),
    );
    return done();
  }
  const fields = new Map<string, string>();
  for (const match of text.slice(0, Math.max(0, text.indexOf('<')) || text.length).matchAll(/^\s*([A-Z]+):(.*)$/gm)) {
    fields.set(match[1] ?? '', (match[2] ?? '').trim().toUpperCase());
  }
  const version = fields.get('VERSION');
  if (version) header.version = version;
  if (!fields.has('OFXHEADER') && HEADER_KEYS.some((key) => fields.has(key)))
    warn(
      'MISSING_ELEMENT',
      `the OFX 1.x header has no OFXHEADER line: read as OFX ${version === undefined ? 'of unknown version' : `version ${version}`} all the same`,
      raw.search(/^[ \t]*[A-Z]+[ \t]*:/m),
    );
  if (!forcedEncoding && detected.source !== 'bom' && detected.source !== 'pattern') {
    header.encoding = sgmlEncoding(fields.get('ENCODING'), fields.get('CHARSET'));
    // Many exporters write `ENCODING:USASCII` / `CHARSET:1252` over UTF-8 text. Multi-byte
    // sequences that are valid UTF-8 practically never occur in Windows-1252 text, so they win.
    if (header.encoding !== 'utf-8' && looksLikeUtf8(head)) header.encoding = 'utf-8';
  }
  return done();
}

/** UTF-8 for a head that is UTF-8 (a character cut off at its end allowed), else Windows-1252. */
function eightBitEncoding(head: Buffer): string {
  return new Utf8Check().write(head) < 0 ? 'utf-8' : 'windows-1252';
}

/** 1-based line and column of `index` in `text`. */
function placeOf(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: index - start + 1 };
}

/** OFX 1.x: ENCODING is USASCII or UTF-8; with USASCII, CHARSET names the 8-bit code page. */
function sgmlEncoding(encoding: string | undefined, charset: string | undefined): string {
  if (encoding === 'UTF-8' || encoding === 'UNICODE') return 'utf-8';
  if (charset === 'ISO-8859-1' || charset === '8859-1') return 'iso-8859-1';
  if (charset && /^\d{3,4}$/.test(charset)) return `windows-${charset}`;
  // USASCII with CHARSET:NONE: windows-1252 reads ASCII unchanged and keeps stray 8-bit bytes legible.
  return 'windows-1252';
}
