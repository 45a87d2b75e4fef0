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
 * is), else in the 8-bit code page the file's bytes look like (`guessCodePage` over `sample`,
 * the head of the file, or the line itself). `onGuess` hears the first such line, once, so
 * the reader can warn that the encoding was guessed.
 */
export function guessingLineDecoder(sample: Buffer, onGuess: (line: number, page: CodePage) => void): LineDecoder {
  let page: CodePage | undefined;
  return (bytes, line) => {
    if (isAscii(bytes)) return bytes.toString('latin1');
    if (isUtf8(bytes)) return bytes.toString('utf8');
    if (page === undefined) {
      page = (isUtf8(sample) ? undefined : guessCodePage(sample)) ?? guessCodePage(bytes) ?? 'windows-1252';
      onGuess(line, page);
    }
    return iconv.decode(bytes, page);
  };
}

function isAscii(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] as number) >= 0x80) return false;
  return true;
}
