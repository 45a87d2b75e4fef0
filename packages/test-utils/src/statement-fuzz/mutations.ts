import fc from 'fast-check';
import iconv from 'iconv-lite';

/** What a mutation did, for the oracle: a cut file must never be taken for a whole one. */
export interface Mutant {
  bytes: Buffer;
  kind: MutationKind;
  /** The mutant is a prefix of the original file, shorter than it. */
  truncated: boolean;
}

export const MUTATION_KINDS = [
  'truncate',
  'flip-byte',
  'flip-bytes',
  'duplicate-line',
  'remove-line',
  'duplicate-element',
  'remove-element',
  'huge-value',
  'invalid-utf8',
  'bom',
  'utf16',
  'wrong-encoding',
  'deep-nesting',
  'char-reference',
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

/** Parameters drawn by fast-check: `at` and `span` are fractions of the file, `size` a length. */
export interface MutationPlan {
  kind: MutationKind;
  at: number;
  span: number;
  size: number;
  byte: number;
}

/** Mutation plans as fast-check draws them. */
export const mutationPlan: fc.Arbitrary<MutationPlan> = fc.record<MutationPlan>({
  kind: fc.constantFrom(...MUTATION_KINDS),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  span: fc.double({ min: 0, max: 1, noNaN: true }),
  size: fc.nat({ max: 10_000 }),
  byte: fc.nat({ max: 255 }),
});

const offset = (bytes: Buffer, fraction: number): number => Math.min(bytes.length, Math.floor(fraction * bytes.length));
const join = (...parts: (Buffer | string)[]): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));

/** Start and end of the line that holds `at`, line break included. */
function lineAround(bytes: Buffer, at: number): [number, number] {
  const start = bytes.lastIndexOf(0x0a, Math.max(0, at - 1)) + 1;
  const lf = bytes.indexOf(0x0a, at);
  return [start, lf < 0 ? bytes.length : lf + 1];
}

/** An element `<X>…</X>` (or an OFX aggregate) that starts at or after `at`, as [start, end). */
function elementAfter(bytes: Buffer, at: number): [number, number] | undefined {
  const text = bytes.toString('latin1');
  const open = /<([A-Za-z][\w.:-]*)[^>]*>/g;
  open.lastIndex = at;
  for (let match = open.exec(text); match; match = open.exec(text)) {
    const close = text.indexOf(`</${match[1]}>`, match.index);
    if (close > 0) return [match.index, close + match[1]!.length + 3];
  }
  return undefined;
}

export function mutate(original: Buffer, plan: MutationPlan): Mutant {
  const bytes = original;
  const at = offset(bytes, plan.at);
  const mutant = (out: Buffer, truncated = false): Mutant => ({ bytes: out, kind: plan.kind, truncated });
  switch (plan.kind) {
    case 'truncate':
      return mutant(bytes.subarray(0, Math.min(at, bytes.length - 1)), true);
    case 'flip-byte': {
      const out = Buffer.from(bytes);
      if (out.length > 0) out[Math.min(at, out.length - 1)] = plan.byte;
      return mutant(out);
    }
    case 'flip-bytes': {
      const out = Buffer.from(bytes);
      for (let i = 0; i < 8 && out.length > 0; i++) {
        const index = (at + i * plan.size) % out.length;
        out[index] = (out[index] ?? 0) ^ (1 << (i % 8));
      }
      return mutant(out);
    }
    case 'duplicate-line': {
      const [start, end] = lineAround(bytes, at);
      return mutant(join(bytes.subarray(0, end), bytes.subarray(start, end), bytes.subarray(end)));
    }
    case 'remove-line': {
      const [start, end] = lineAround(bytes, at);
      return mutant(join(bytes.subarray(0, start), bytes.subarray(end)));
    }
    case 'duplicate-element': {
      const element = elementAfter(bytes, at);
      if (!element) return mutant(Buffer.from(bytes));
      return mutant(
        join(bytes.subarray(0, element[1]), bytes.subarray(element[0], element[1]), bytes.subarray(element[1])),
      );
    }
    case 'remove-element': {
      const element = elementAfter(bytes, at);
      if (!element) return mutant(Buffer.from(bytes));
      return mutant(join(bytes.subarray(0, element[0]), bytes.subarray(element[1])));
    }
    case 'huge-value':
      // Between 64 KiB and 2 MiB of text inside whatever value is at `at` (the harness sets a 256 KiB limit).
      return mutant(
        join(bytes.subarray(0, at), 'x'.repeat(65_536 + ((plan.size * 397) % (2 * 1024 * 1024))), bytes.subarray(at)),
      );
    case 'invalid-utf8':
      return mutant(
        join(
          bytes.subarray(0, at),
          Buffer.from([[0xc3, 0x28], [0xff], [0xe2, 0x82], [0xed, 0xa0, 0x80]][plan.size % 4]!),
          bytes.subarray(at),
        ),
      );
    case 'bom':
      return mutant(join(Buffer.from([0xef, 0xbb, 0xbf]), bytes));
    case 'utf16': {
      const text = bytes.toString('utf8');
      return mutant(join(Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')));
    }
    case 'wrong-encoding': {
      const text = bytes.toString('latin1');
      const declared = text
        .replace(/encoding=["'][^"']*["']/, 'encoding="windows-1250"')
        .replace(/CHARSET:\S+/, 'CHARSET:1250');
      return mutant(
        join(
          declared === text
            ? join(bytes.subarray(0, at), Buffer.from([0xe9, 0xe8]), bytes.subarray(at))
            : Buffer.from(declared, 'latin1'),
        ),
      );
    }
    case 'deep-nesting':
      return mutant(join(bytes.subarray(0, at), '<a>'.repeat(300 + plan.size * 10), bytes.subarray(at)));
    case 'char-reference':
      return mutant(
        join(
          bytes.subarray(0, at),
          ['&#1114112;', '&#xD800;', '&#0;', '&#99999999999;', '&amp'][plan.size % 5]!,
          bytes.subarray(at),
        ),
      );
  }
}
