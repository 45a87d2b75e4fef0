import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { readsAsLetters } from '../code-pages';
import { detectEncoding, isUtf8Name, isWideUnicodeName, splitsCleanly } from '../encoding';
import type { ParseErrorCode } from '../errors';
import { looksLikeUtf8, Utf8Check, utf8SequenceLength } from '../utf8-check';

export { looksLikeUtf8 } from '../utf8-check';

export interface OfxHeader {
  /** `102`, `211`…: the OFX version the file declares. */
  version?: string;
  /** Encoding name for iconv-lite. */
  encoding: string;
  /** OFX 2.x: the file starts with `<?OFX …?>` or an XML declaration, so it is XML. */
  xml?: true;
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
 * A declared 8-bit character set (`CHARSET:1250`, `encoding="windows-1252"`) gives way to UTF-8
 * only on strong evidence in the head (`utf8Outweighs`): two letters of an 8-bit code page can
 * form a valid UTF-8 sequence (`ÓŁ` in Windows-1250 is `ӣ`). When the evidence is a count of
 * such sequences, the switch is a judgement, and a warning at the declaration says so; when the
 * declared code page would read a sequence as a symbol (`Ã©`, `CHARSET:1252` over UTF-8, which
 * many exporters write), it is not, and it is silent. Without a declared character set
 * (`CHARSET:NONE`), any valid UTF-8 in the head makes it UTF-8.
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
  /** Reads the file as UTF-8 instead of the declared 8-bit `header.encoding` when `utf8Outweighs`, saying so at `index` when that is a judgement. */
  const overrideWithUtf8 = (index: number, declaration: string): void => {
    const evidence = utf8Outweighs(head, header.encoding);
    if (evidence === undefined) return;
    if (evidence.judged)
      warn(
        'INVALID_ENCODING',
        `${declaration}, but the file's 8-bit bytes form ${evidence.sequences} UTF-8 characters and nothing that is not UTF-8: read as UTF-8 instead (if its text comes out wrong, name the encoding with --encoding ${header.encoding})`,
        index,
      );
    header.encoding = 'utf-8';
  };
  const done = (): OfxHeader => (warnings.length > 0 ? { ...header, warnings } : header);

  if (forcedEncoding === undefined && detected.source === 'declaration' && eightBit(header.encoding))
    overrideWithUtf8(
      raw.search(/\sencoding\s*=/) + 1,
      `the XML declaration names the encoding ${encoding.toUpperCase()}`,
    );

  const pi = /<\?OFX\b([^?]*)\?>/i.exec(text);
  if (pi) {
    const version = /VERSION\s*=\s*"(\d+)"/i.exec(pi[1] ?? '')?.[1];
    if (version) header.version = version;
    header.xml = true;
    return done();
  }
  if (/^\s*<\?xml\b/i.test(text)) {
    header.xml = true;
    // OFX 2.x without its header: XML, so the declaration (or UTF-8) gives the encoding.
    warn(
      'MISSING_ELEMENT',
      'the XML declaration is not followed by the OFX header <?OFX OFXHEADER="200" VERSION="…"?>: read as OFX 2.x of unknown version',
      raw.indexOf('<?xml'),
    );
    return done();
  }
  const fields = new Map<string, string>();
  // Line by line: across lines, a leading \s* would take every blank line after each line start.
  for (const line of text.slice(0, Math.max(0, text.indexOf('<')) || text.length).split(/\r\n|\r|\n/)) {
    const match = /^\s*([A-Z]+):(.*)$/.exec(line);
    if (match) fields.set(match[1] ?? '', (match[2] ?? '').trim().toUpperCase());
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
    const charset = fields.get('CHARSET');
    header.encoding = sgmlEncoding(fields.get('ENCODING'), charset);
    // Many exporters write `ENCODING:USASCII` / `CHARSET:1252` over UTF-8 text. A declared code
    // page gives way to strong evidence only; with `CHARSET:NONE`, UTF-8 in the head wins.
    if (header.encoding !== 'utf-8' && charset !== undefined && charset !== 'NONE' && eightBit(header.encoding))
      overrideWithUtf8(Math.max(0, raw.search(/^[ \t]*CHARSET[ \t]*:/m)), `the OFX header declares CHARSET:${charset}`);
    else if (header.encoding !== 'utf-8' && looksLikeUtf8(head)) header.encoding = 'utf-8';
  }
  return done();
}

/** An 8-bit encoding iconv-lite knows, other than UTF-8 (`windows-1250`, `iso-8859-2`, `us-ascii`). */
function eightBit(encoding: string): boolean {
  return !isUtf8Name(encoding) && splitsCleanly(encoding) && iconv.encodingExists(encoding);
}

/**
 * Whether the head of a file declared in the 8-bit `declared` encoding is UTF-8 all the same:
 * no sequence that is not UTF-8 (one cut off by the end of the head aside), and a multi-byte
 * sequence that `declared` reads as something other than letters (`Ã©` for `é` in
 * Windows-1252: real 8-bit text hardly has that), or else at least 3 of them (`judged`: a
 * sequence that reads as letters, `ÓŁ`, `D3 A3`, in Windows-1250 or ISO-8859-2, may be 8-bit
 * text, so one or two such do not outweigh the declaration). `undefined` when they do not.
 */
function utf8Outweighs(head: Buffer, declared: string): { sequences: number; judged: boolean } | undefined {
  let sequences = 0;
  let foreign = 0;
  for (let i = 0; i < head.length;) {
    const byte = head[i] as number;
    if (byte < 0x80) {
      i++;
      continue;
    }
    const length = utf8SequenceLength(byte);
    if (length === 0) return undefined;
    if (i + length > head.length) {
      // Cut off by the end of the head: no evidence either way, unless it is not a sequence's start.
      for (let k = i + 1; k < head.length; k++) if (((head[k] as number) & 0xc0) !== 0x80) return undefined;
      break;
    }
    const sequence = head.subarray(i, i + length);
    if (!isUtf8(sequence)) return undefined;
    sequences++;
    if (!readsAsLetters(sequence, declared)) foreign++;
    i += length;
  }
  if (foreign > 0) return { sequences, judged: false };
  return sequences >= 3 ? { sequences, judged: true } : undefined;
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
  const iso = charset && /^(?:ISO-?)?8859-(\d{1,2})$/.exec(charset);
  if (iso && iconv.encodingExists(`iso-8859-${iso[1]}`)) return `iso-8859-${iso[1]}`;
  if (charset && /^\d{3,4}$/.test(charset)) return `windows-${charset}`;
  // USASCII with CHARSET:NONE: windows-1252 reads ASCII unchanged and keeps stray 8-bit bytes legible.
  return 'windows-1252';
}
