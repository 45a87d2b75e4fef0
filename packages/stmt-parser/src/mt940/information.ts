import type { Party } from '../types';
import { parseDutchInformation } from './information-dutch';
import { parseSubfieldInformation, SUBFIELD_START } from './information-subfields';
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
}

/**
 * Reads one `:86:` field (all its lines) as German/Polish subfields, Dutch keywords or free text,
 * in time linear in its length (`work` counts the steps of the subfield reading).
 */
export function parseInformation(lines: readonly string[], work?: WorkCounter): EntryInformation {
  const first = lines[0] ?? '';
  if (SUBFIELD_START.test(first)) return parseSubfieldInformation(lines, work);
  const joined = joinWrapped(lines);
  if (first.trimStart().startsWith('/')) {
    const dutch = parseDutchInformation(joined);
    if (dutch) return dutch;
  }
  const info: EntryInformation = { counterparty: {}, style: 'text' };
  if (joined !== '') info.remittanceInfo = joined;
  return info;
}

/**
 * SWIFT field lines are at most 65 characters (the first without its tag): a line of exactly 65
 * was wrapped, a shorter one ended on purpose, and so did a longer one (bunq writes whole
 * sentences on one line), whose bank does not wrap at 65.
 */
export const SWIFT_LINE_WIDTH = 65;

/** Joins free-text lines: wrapped (exactly full-width) lines are glued back together, others end with a space. */
export function joinWrapped(lines: readonly string[], width = SWIFT_LINE_WIDTH): string {
  let text = '';
  let previous: string | undefined;
  for (const line of lines) {
    if (previous === undefined) text = line;
    else text += (previous.length === width ? '' : ' ') + line;
    previous = line;
  }
  return text.replace(/\s+/g, ' ').trim();
}
