import type { Party } from '../types';
import { collapseWhitespace } from '../text';
import { parseDutchInformation } from './information-dutch';
import { leadingIban } from './identifiers';
import { parseSubfieldInformation, subfieldLines } from './information-subfields';
import type { WorkCounter } from './sepa-keywords';

/** What `:86:` (Information to Account Owner) says about one entry, whatever the dialect. */
export interface EntryInformation {
  /** German GVC / Polish transaction code (the three digits before `?00`). */
  transactionCode?: string;
  /** Booking text (`?00`), Dutch `/TRTP/`. */
  bookingText?: string;
  remittanceInfo?: string;
  endToEndId?: string;
  mandateId?: string;
  /** SEPA creditor identifier (`CRED+`, Dutch `/CSID/`). */
  creditorId?: string;
  /** The ordering customer's reference (`KREF+`). */
  customerReference?: string;
  /** Structured creditor reference (RF, QR, ESR): Dutch `/CDTRREF/`. */
  creditorReference?: string;
  /** ISO 20022 purpose code (Dutch `/PURP/`). */
  purposeCode?: string;
  /** Return reason code of a returned payment (Dutch `/RTRN/`). */
  returnReason?: string;
  /** Ultimate debtor and creditor names (`ABWA+`/`ABWE+`, Dutch `/ULTD/`, `/ULTC/`). */
  ultimateDebtor?: string;
  ultimateCreditor?: string;
  counterparty: Party;
  /**
   * The account after `/ORDP/` (ordering party) and `/BENM/` (beneficiary), when the value begins
   * with one: the counterparty's account when it is the other side of the entry (see `buildEntry`).
   */
  orderingParty?: Party;
  beneficiary?: Party;
  /** Which reading applied: `subfields` (German/Polish `?20…`), `keyword` (Dutch `/KEY/`), `text`. */
  style: 'subfields' | 'keyword' | 'text';
  /** What could not be read as its keyword or subfield says, for warnings; its text is kept in the remittance. */
  problems?: string[];
}

/**
 * Notes a problem, and keeps text a field could not take: appended to the remittance, so that no
 * text of the `:86:` vanishes from the row.
 */
export function noteProblem(info: EntryInformation, problem: string, keep?: string): void {
  (info.problems ??= []).push(problem);
  const text = keep?.trim();
  if (text) info.remittanceInfo = info.remittanceInfo ? `${info.remittanceInfo} ${text}` : text;
}

/**
 * Reads one `:86:` field (all its lines) as German/Polish subfields, Dutch keywords or free text,
 * in time linear in its length (`work` counts the steps of the subfield reading). `tagWidth` is
 * the number of characters before the first line on its physical line (4 for `:86:`): a first
 * line that fills the line width with its tag was wrapped, as a continuation line that fills it.
 */
export function parseInformation(lines: readonly string[], work?: WorkCounter, tagWidth = 0): EntryInformation {
  const first = lines[0] ?? '';
  const subfields = subfieldLines(lines);
  if (subfields) return parseSubfieldInformation(subfields, work);
  const joined = joinWrapped(lines, SWIFT_LINE_WIDTH, tagWidth);
  if (first.trimStart().startsWith('/')) {
    const dutch = parseDutchInformation(joined);
    if (dutch) return dutch;
  }
  const info: EntryInformation = { counterparty: {}, style: 'text' };
  const lead = fillsLine(first, tagWidth) ? undefined : leadingIban(first);
  if (lead) {
    // de Volksbank (SNS, ASN, RegioBank): `IBAN name` on the first line, the text after it.
    info.counterparty.iban = lead.iban;
    info.counterparty.name = lead.rest;
    const text = joinWrapped(lines.slice(1));
    if (text !== '') info.remittanceInfo = text;
    return info;
  }
  const text =
    UNSTRUCTURED_CODE.test(first) || (first.trim() === '999' && joined.length > 3) ? joined.slice(3).trim() : joined;
  if (text !== '') info.remittanceInfo = text;
  return info;
}

/**
 * ZKA transaction code 999: unstructured text follows, without subfields (`999foo`, `999PN0920WECHSEL`).
 * Only when text follows at once: `999 …` and `9991234` may be the text itself.
 */
const UNSTRUCTURED_CODE = /^999(?=[^\d\s?~])/;

/**
 * SWIFT field lines are at most 65 characters, the first with its tag: a line of exactly 65
 * was wrapped, a shorter one ended on purpose, and so did a longer one (bunq writes whole
 * sentences on one line), whose bank does not wrap at 65.
 */
export const SWIFT_LINE_WIDTH = 65;

/**
 * Whether a field's first line (`tagWidth` characters of tag before it) fills the line width:
 * with its tag, as SWIFT counts it (ING), or without it (banks that count the content only).
 */
function fillsLine(line: string, tagWidth: number, width = SWIFT_LINE_WIDTH): boolean {
  return line.length === width || (tagWidth > 0 && line.length + tagWidth === width);
}

/**
 * Joins free-text lines: wrapped (exactly full-width) lines are glued back together, others end
 * with a space. The first line is full-width when it fills the width with its tag
 * (`firstTagWidth` characters before it on its physical line) or without it.
 */
export function joinWrapped(lines: readonly string[], width = SWIFT_LINE_WIDTH, firstTagWidth = 0): string {
  let text = lines[0] ?? '';
  for (let i = 1; i < lines.length; i++) {
    const previous = lines[i - 1] as string;
    const full = i === 1 ? fillsLine(previous, firstTagWidth, width) : previous.length === width;
    text += (full ? '' : ' ') + (lines[i] as string);
  }
  return collapseWhitespace(text);
}
