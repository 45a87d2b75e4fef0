import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { guessCodePage, type CodePage } from '../code-pages';
import { createDecoder, isUtf8Name } from '../encoding';
import { StatementParseError } from '../errors';
import { firstInvalid, notUtf8 } from '../utf8-check';

/** Turns one line's bytes into text; `line` is its 1-based number, for errors. */
export type LineDecoder = (bytes: Buffer, line: number) => string;

/**
 * With `--encoding`: that encoding, UTF-8 strictly (a byte that is not UTF-8 is an
 * `INVALID_ENCODING` error at its line and column).
 */
export function declaredLineDecoder(encoding: string, fileName: string | undefined): LineDecoder {
  createDecoder(encoding); // throws the documented INVALID_VALUE error for an unknown name
  if (!isUtf8Name(encoding)) return (bytes) => iconv.decode(bytes, encoding, { stripBOM: false });
  return (bytes, line) => {
    if (isUtf8(bytes)) return bytes.toString('utf8');
    const at = firstInvalid(bytes);
    const error = notUtf8(bytes, at);
    const column = bytes.subarray(0, at).toString('utf8').length + 1;
    throw new StatementParseError(error.code, error.detail, {
      location: fileName === undefined ? { line, column } : { file: fileName, line, column },
    });
  };
}

/**
 * Without `--encoding`: each line as UTF-8 when it is valid UTF-8 (SWIFT FIN is ASCII, which
 * is), else in the 8-bit code page the file's bytes look like (`guessCodePage` over the 8-bit
 * lines of `sample`, the head of the file, or over the line itself).
 *
 * Two letters of an 8-bit code page can form a valid UTF-8 sequence (ISO-8859-2 `ÓŁ`, `D3 A3`,
 * is U+04E3 `ӣ`), so a line is not judged alone when the file says more: when most of the
 * sample's lines with 8-bit bytes are not UTF-8, the file is 8-bit and every such line is read
 * in the code page, those that happen to be valid UTF-8 included. Lines past the sample add to
 * that count as they are read, so a file whose head is ASCII turns 8-bit at its first line
 * that is not UTF-8, for the lines after it. While lines that are UTF-8 are as many or more, a
 * line is read as UTF-8 when it is UTF-8: one stray Latin-1 line in a UTF-8 file changes no
 * other line. `onGuess` hears the first line read in the code page, once, so the reader can
 * warn that the encoding was guessed (`utf8` says that line itself was valid UTF-8).
 */
export function guessingLineDecoder(
  sample: Buffer,
  onGuess: (line: number, page: CodePage, utf8: boolean) => void,
): LineDecoder {
  const evidence = sampleEvidence(sample);
  let { utf8Lines, otherLines } = evidence;
  let page: CodePage | undefined;
  const pageFor = (bytes: Buffer, line: number, utf8: boolean): CodePage => {
    if (page === undefined) {
      // From the sample's 8-bit lines (in a UTF-8 file, UTF-8 bytes would skew the guess), else this line.
      const from = evidence.otherLines > evidence.utf8Lines ? sample : Buffer.concat(evidence.other);
      page = guessCodePage(from) ?? guessCodePage(bytes) ?? 'windows-1252';
      onGuess(line, page, utf8);
    }
    return page;
  };
  return (bytes, line) => {
    if (isAscii(bytes)) return bytes.toString('latin1');
    const eightBit = otherLines > utf8Lines;
    const utf8 = isUtf8(bytes);
    if (line > evidence.lines) {
      // Past the sample: this line is evidence too, for the lines after it.
      if (utf8) utf8Lines++;
      else otherLines++;
    }
    if (utf8 && !eightBit) return bytes.toString('utf8');
    return iconv.decode(bytes, pageFor(bytes, line, utf8));
  };
}

/**
 * Of the lines of `sample` (split as `LineSplitter` splits them) that hold 8-bit bytes, how many
 * are valid UTF-8 and how many are not (`other`, those lines); `lines`: the number of lines the counts cover. The last
 * line may be cut by the sample's end: a multi-byte sequence cut there is left out.
 */
function sampleEvidence(sample: Buffer): { lines: number; utf8Lines: number; otherLines: number; other: Buffer[] } {
  let utf8Lines = 0;
  let lines = 0;
  const other: Buffer[] = [];
  const count = (bytes: Buffer): void => {
    lines++;
    if (isAscii(bytes)) return;
    if (isUtf8(bytes)) utf8Lines++;
    else other.push(bytes);
  };
  let start = sample.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0;
  for (let i = start; i < sample.length; i++) {
    const byte = sample[i];
    if (byte !== LF && byte !== CR) continue;
    count(sample.subarray(start, i));
    if (byte === CR && sample[i + 1] === LF) i++;
    start = i + 1;
  }
  if (start < sample.length) count(sample.subarray(start, completeLength(sample, start)));
  return { lines, utf8Lines, otherLines: other.length, other };
}

/** The end of `bytes` without a UTF-8 multi-byte sequence cut off at it (at most 3 bytes back, not before `from`). */
function completeLength(bytes: Buffer, from: number): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n - from); back++) {
    const byte = bytes[n - back] as number;
    if (byte < 0x80) return n;
    if (byte < 0xc0) continue; // a continuation byte: look further back for the lead
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    return need > back ? n - back : n;
  }
  return n;
}

const LF = 0x0a;
const CR = 0x0d;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function isAscii(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] as number) >= 0x80) return false;
  return true;
}
