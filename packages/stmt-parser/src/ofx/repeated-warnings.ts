import { detached } from '../camt/leaf';
import type { ParseErrorCode } from '../errors';
import type { IssueSink } from '../issues';
import type { SourceLocation } from '../types';

/**
 * Kinds counted at most. Kinds named after what the file writes (an element name, a TRNTYPE)
 * could be made up by the million; past this many, further kinds are counted together.
 */
const KINDS_KEPT = 100;

/** Warnings of one kind reported one by one, for kinds that are not once per name: the rest are counted. */
export const EACH = 100;

/** A name or value in a kind or a message is cut to this many characters (a tag name may be 1 MiB). */
export const SHOWN = 40;

/** `text` cut to {@link SHOWN} characters, as a string of its own (see `detached`), for kinds and messages that outlive its chunk. */
export function shown(text: string): string {
  return detached(text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text);
}

/** A kind's name for one and for several of its warnings, as the closing line counts them. */
export type Wording = readonly [one: string, many: string];

/** `path` with each name longer than {@link SHOWN} cut, as {@link shown} cuts it. */
function shownPath(path: string): string {
  return path.length <= SHOWN * 4 ? detached(path) : path.split('/').map(shown).join('/');
}

interface Tally {
  code: ParseErrorCode;
  /** What the closing line calls one and several of the warnings left out: `<REF> element`, `<REF> elements`. */
  what: Wording;
  reported: number;
  /** Warnings of the kind not reported one by one, and where the first of them is. */
  left: number;
  firstLeft: SourceLocation | undefined;
}

/**
 * Warnings a file can repeat without bound (an unknown element written 600,000 times in one
 * transaction, a stray `<` in every memo): each kind is reported with its place up to its limit,
 * and the rest are counted, so that one closing warning per kind gives their number and where the
 * first of them is. Memory is bounded by {@link KINDS_KEPT}, output by the limits.
 */
export class RepeatedWarnings {
  private readonly tallies = new Map<string, Tally>();
  private overflow: Tally | undefined;

  constructor(private readonly issues: IssueSink) {}

  /**
   * Whether the warning of `kind` at `location` is to be reported now (the caller reports it):
   * the first `limit` of a kind are; later ones are counted for {@link close}.
   */
  take(kind: string, code: ParseErrorCode, what: Wording, location: SourceLocation, limit: number): boolean {
    let tally = this.tallies.get(kind);
    if (tally === undefined && this.tallies.size < KINDS_KEPT) {
      tally = { code, what: [detached(what[0]), detached(what[1])], reported: 0, left: 0, firstLeft: undefined };
      this.tallies.set(detached(kind), tally);
    }
    if (tally !== undefined && tally.reported < limit) {
      tally.reported++;
      return true;
    }
    if (tally === undefined) {
      const what = ['warning of another kind', `warnings of more than ${KINDS_KEPT} kinds`] as const;
      tally = this.overflow ??= { code, what, reported: 0, left: 0, firstLeft: undefined };
    }
    tally.left++;
    // Kept to the end: an element name in its path (which may be 1 MiB long) is cut as in messages.
    tally.firstLeft ??= location.path === undefined ? location : { ...location, path: shownPath(location.path) };
    return false;
  }

  /** Kinds counted now (bounded by {@link KINDS_KEPT}), for the test that proves memory stays bounded. */
  get kinds(): number {
    return this.tallies.size + (this.overflow ? 1 : 0);
  }

  /** At the end of the file: one closing warning per kind with warnings left out, at the first of them. */
  close(): void {
    const tallies = [...this.tallies.values(), ...(this.overflow ? [this.overflow] : [])];
    for (const { code, what, left, firstLeft } of tallies)
      if (firstLeft !== undefined)
        this.issues.warning(
          code,
          `${left.toLocaleString('en')} more ${left === 1 ? what[0] : what[1]} in this file, not reported one by one; ${left === 1 ? 'it is' : 'the first of them is'} here`,
          firstLeft,
        );
  }
}
