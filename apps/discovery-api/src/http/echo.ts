/** Characters of a client's value that an error message or `details` repeats at most. */
const ECHO_MAX_CHARS = 64;

/** A value from the request as an error repeats it: whole when short, else its first
 * ECHO_MAX_CHARS characters and an ellipsis. A path segment or body member can be kilobytes
 * long, and repeating it in full would make the error as large as the request. Cut between
 * code points, so a surrogate pair is never split. */
export function echoed(value: string): string {
  const chars = Array.from(value);
  return chars.length <= ECHO_MAX_CHARS ? value : `${chars.slice(0, ECHO_MAX_CHARS).join('')}…`;
}
