/**
 * How much a line- or token-based parser reads before it hands its records on: 8 KiB (or 8 Ki
 * characters). A file is read 1 MiB at a time and decoded 32 KiB at a time; the records of a
 * whole chunk or piece, held until its last line was read, outlived the small young generation
 * of a streaming run and were collected as old objects (docs/cli.md has the measurements).
 */
export const READ_SLICE = 8 * 1024;

/** `bytes` in slices of `READ_SLICE` bytes (views, not copies). */
export function* byteSlices(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += READ_SLICE) yield bytes.subarray(at, at + READ_SLICE);
}

/** `text` in slices of about `READ_SLICE` characters, never cut between the halves of a surrogate pair. */
export function* textSlices(text: string): Generator<string> {
  if (text.length <= READ_SLICE) {
    yield text;
    return;
  }
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + READ_SLICE);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end += 1;
    yield text.slice(at, end);
    at = end;
  }
}
