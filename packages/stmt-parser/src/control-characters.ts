import { replaceBounded } from './text';

/**
 * The C0 control characters but tab, line feed and carriage return (those XML 1.0 does not allow),
 * and the C1 ones, U+0080–U+009F (which XML 1.0 discourages, and which text decoded in ISO-8859-1
 * or from UTF-8 `C2 80`–`C2 9F` holds where windows-1252 has `€`, `„`, `“`, `–`): none is text.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u0080-\u009f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
const isControl = (code: number): boolean =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x80 && code <= 0x9f);

/** A value's control characters, replaced: the text to read, how many there were, and the first one. */
export interface ReplacedControls {
  text: string;
  count: number;
  /** The first one's code point and its index in the text as given. */
  firstCode: number;
  firstIndex: number;
}

/**
 * `text` with each control character camt may not hold either (a C0 control but tab, line feed
 * and carriage return: ESC, BEL, NUL…; a C1 control, U+0080–U+009F) read as U+FFFD, as the camt
 * reader reads them; undefined when it has none. In a CSV cell such a character is no text anyone wrote, and shown in a
 * terminal it is a command (ESC starts the sequences that retitle a window or move the cursor).
 */
export function replaceControlCharacters(text: string): ReplacedControls | undefined {
  const firstIndex = indexOfControl(text);
  if (firstIndex < 0) return undefined;
  let count = 0;
  for (let i = firstIndex; i < text.length; i++) if (isControl(text.charCodeAt(i))) count++;
  return {
    text: replaceBounded(text, CONTROLS, '\ufffd'),
    count,
    firstCode: text.charCodeAt(firstIndex),
    firstIndex,
  };
}

/** Where in `text` its first such control character is, or -1. */
export function indexOfControl(text: string): number {
  return text.search(CONTROL);
}

/** What a warning about `found` says, `where` naming the value (`in <NAME>`). */
export function controlCharactersMessage(found: ReplacedControls, where: string): string {
  const hex = found.firstCode.toString(16).toUpperCase().padStart(4, '0');
  const what =
    found.count === 1 ? `the control character U+${hex}` : `${found.count} control characters (the first U+${hex})`;
  return `${what} ${where} ${found.count === 1 ? 'is' : 'are'} not text; read as U+FFFD (the replacement character)`;
}

/**
 * The 1-based line and column of `index` in `text`, which starts at `line` and `column`. A
 * negative index is before the text, on the line it starts on (what ended the text before).
 */
export function positionIn(
  text: string,
  index: number,
  line: number,
  column: number,
): { line: number; column: number } {
  if (index < 0) return { line, column: Math.max(1, column + index) };
  const lastBreak = text.lastIndexOf('\n', index - 1);
  if (lastBreak < 0) return { line, column: column + index };
  let lines = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) lines++;
  return { line: line + lines, column: index - lastBreak };
}
