import type { Party, TransactionDetail } from '../types';
import { isSepaCreditorId } from '../mt940/identifiers';
import { LeafDraft, type LeafContext } from './leaf';
import { MovementDraft } from './movement';
import { isSepaPlaceholder } from '../placeholders';
import { joinLines } from '../text';

type PartyRole = 'debtor' | 'creditor' | 'ultimateDebtor' | 'ultimateCreditor';
type PartyField = 'name' | 'iban' | 'otherAccountId' | 'bic';

// The detail's single-valued leaves (LeafDraft); the shared ones are MovementDraft's. All reach its row.
const END_TO_END_ID = 1;
const INSTRUCTION_ID = 2;
const TRANSACTION_ID = 4;
const MANDATE_ID = 8;
const SERVICER_REFERENCE = 16;
const PURPOSE_CODE = 32;
const RETURN_REASON_CODE = 64;
const ADDITIONAL_INFO = 128;
/** The name of the debtor's or creditor's account (`<DbtrAcct><Nm>`), which names the party when it has no name of its own. */
const DEBTOR_ACCOUNT_NAME = 256;
const CREDITOR_ACCOUNT_NAME = 512;
/** One bit per party field, from 1024 on: four roles of four fields. */
const PARTY_ROLES: readonly PartyRole[] = ['debtor', 'creditor', 'ultimateDebtor', 'ultimateCreditor'];
const PARTY_FIELDS: readonly PartyField[] = ['name', 'iban', 'otherAccountId', 'bic'];

function partyBit(role: PartyRole, field: PartyField): number {
  return 1024 << (PARTY_ROLES.indexOf(role) * PARTY_FIELDS.length + PARTY_FIELDS.indexOf(field));
}

/** ISO 20022 party elements under `<RltdPties>` (and agents under `<RltdAgts>`) and the detail field each one fills. */
function partyRole(element: string): PartyRole | undefined {
  switch (element) {
    case 'Dbtr':
    case 'DbtrAcct':
    case 'DbtrAgt':
      return 'debtor';
    case 'Cdtr':
    case 'CdtrAcct':
    case 'CdtrAgt':
      return 'creditor';
    case 'UltmtDbtr':
      return 'ultimateDebtor';
    case 'UltmtCdtr':
      return 'ultimateCreditor';
    default:
      return undefined;
  }
}

/** The remittance lines followed by the additional ones that do not repeat them. */
function withAdditional(lines: string[] | undefined, additional: string[] | undefined): string[] | undefined {
  if (additional === undefined) return lines;
  const known = (lines ?? []).join(' ');
  const fresh = additional.filter((line) => !known.includes(line));
  return lines === undefined ? fresh : [...lines, ...fresh];
}

function isCreditorIdHolder(element: string, parent: string): boolean {
  return element === 'CdtrSchmeId' || element === 'Cdtr' || (element === 'Pty' && parent === 'Cdtr');
}

/** One `<TxDtls>` being read: references, parties, remittance information, amounts. */
export class TransactionDraft extends LeafDraft {
  readonly movement = new MovementDraft('TxDtls');
  private readonly detail: TransactionDetail = {};
  // Remittance lines; created on first use, as most details have one line or none.
  private unstructured: string[] | undefined;
  private creditorReferences: string[] | undefined;
  /** `<Strd><AddtlRmtInf>` lines, after the remittance (`Ustrd`, else the creditor references). */
  private additionalRemittance: string[] | undefined;
  private debtorAccountName: string | undefined;
  private creditorAccountName: string | undefined;

  leaf(local: string, text: string, ctx: LeafContext): void {
    if (this.movement.leaf(local, text, ctx)) return;
    const { stack } = ctx;
    switch (local) {
      case 'EndToEndId': {
        // "NOTPROVIDED" is the SEPA placeholder for "the originator gave no reference".
        const value = text.trim();
        if (this.first(END_TO_END_ID, ctx, true) && value && !isSepaPlaceholder(value)) this.detail.endToEndId = value;
        return;
      }
      case 'InstrId':
        if (this.first(INSTRUCTION_ID, ctx, true)) this.detail.instructionId = text.trim();
        return;
      case 'TxId':
        if (this.first(TRANSACTION_ID, ctx, true)) this.detail.transactionId = text.trim();
        return;
      case 'MndtId':
        if (this.first(MANDATE_ID, ctx, true)) this.detail.mandateId = text.trim();
        return;
      case 'AcctSvcrRef':
        if (stack.name(1) === 'Refs' && this.first(SERVICER_REFERENCE, ctx, true) && !isSepaPlaceholder(text))
          this.detail.accountServicerReference = text.trim();
        return;
      case 'Nm': {
        // v02–v07 write <Dbtr><Nm>; v08+ wrap the party: <Dbtr><Pty><Nm>. The account's own
        // name (<DbtrAcct><Nm>) names the party only when the party has none.
        const wrapped = stack.name(1) === 'Pty';
        const holder = stack.name(wrapped ? 2 : 1);
        if (stack.name(wrapped ? 3 : 2) !== 'RltdPties') return;
        if (holder === 'DbtrAcct') {
          if (this.first(DEBTOR_ACCOUNT_NAME, ctx, true)) this.debtorAccountName = text.trim();
        } else if (holder === 'CdtrAcct') {
          if (this.first(CREDITOR_ACCOUNT_NAME, ctx, true)) this.creditorAccountName = text.trim();
        } else {
          const role = partyRole(holder);
          // "NOTPROVIDED" stands where a scheme requires a name the bank did not get.
          if (role && !isSepaPlaceholder(text)) this.setParty(role, 'name', text, ctx);
        }
        return;
      }
      case 'IBAN':
        if (stack.name(1) === 'Id') this.account(stack.name(2), ctx, 'iban', text);
        return;
      case 'Id':
        if (stack.name(1) === 'Othr' && stack.name(2) === 'Id')
          this.account(stack.name(3), ctx, 'otherAccountId', text);
        // The SEPA creditor identifier: <CdtrSchmeId><Id><PrvtId><Othr><Id>, or (German DK
        // rules) the creditor's own <Cdtr>[<Pty>]<Id><PrvtId><Othr><Id>; there, and under
        // <OrgId> (ING NL), only when it is one by its check digits, as a creditor's <Othr> may
        // hold any id (a person's national id on a plain transfer). <Othr> may repeat (one
        // identification per scheme), so this is not a single-valued leaf.
        else if (stack.name(1) === 'Othr' && isCreditorIdHolder(stack.name(4), stack.name(5))) {
          const holder = stack.name(2);
          const id = text.trim();
          const scheme = stack.name(4) === 'CdtrSchmeId' && holder === 'PrvtId';
          if (scheme || ((holder === 'PrvtId' || holder === 'OrgId') && isSepaCreditorId(id)))
            this.detail.creditorId = id;
        }
        return;
      case 'BIC':
      case 'BICFI':
        if (stack.name(1) === 'FinInstnId' && stack.name(3) === 'RltdAgts') {
          const role = partyRole(stack.name(2));
          if (role) this.setParty(role, 'bic', text, ctx);
        }
        return;
      case 'Ustrd':
        if (stack.name(1) === 'RmtInf') (this.unstructured ??= []).push(joinLines(text));
        return;
      case 'AddtlRmtInf':
        // The payer's own message beside a structured reference (a Swiss QR bill's message).
        if (stack.name(1) === 'Strd' && stack.name(2) === 'RmtInf' && text.trim() !== '')
          (this.additionalRemittance ??= []).push(joinLines(text));
        return;
      case 'Ref':
        if (stack.name(1) === 'CdtrRefInf') {
          (this.creditorReferences ??= []).push(text.trim());
          this.detail.creditorReference ??= text.trim();
        }
        return;
      case 'Cd':
        // <Purp><Cd>, <RtrInf><Rsn><Cd>: the ISO external codes, as written.
        if (stack.name(1) === 'Purp') {
          if (this.first(PURPOSE_CODE, ctx, true)) this.detail.purposeCode = text.trim();
        } else if (stack.name(1) === 'Rsn' && stack.name(2) === 'RtrInf') {
          if (this.first(RETURN_REASON_CODE, ctx, true)) this.detail.returnReasonCode = text.trim();
        }
        return;
      case 'AddtlTxInf':
        if (this.first(ADDITIONAL_INFO, ctx, true)) this.detail.additionalInfo = text.trim();
        return;
      default:
        return;
    }
  }

  finish(): TransactionDetail {
    const { detail, movement } = this;
    if (this.debtorAccountName !== undefined) this.party('debtor').name ??= this.debtorAccountName;
    if (this.creditorAccountName !== undefined) this.party('creditor').name ??= this.creditorAccountName;
    const money = movement.money ?? movement.transactionMoney;
    if (money) detail.money = money;
    if (movement.creditDebit) detail.creditDebit = movement.creditDebit;
    const original = movement.foreignMoney;
    if (original) detail.originalMoney = original;
    if (movement.exchangeRate) detail.exchangeRate = movement.exchangeRate;
    const remittance = withAdditional(this.unstructured ?? this.creditorReferences, this.additionalRemittance);
    if (remittance) detail.remittanceInfo = remittance.length === 1 ? (remittance[0] as string) : remittance.join(' ');
    const code = movement.bankTransactionCode;
    if (code) detail.bankTransactionCode = code;
    if (movement.charges) detail.charges = movement.charges;
    return detail;
  }

  private party(role: PartyRole): Party {
    return (this.detail[role] ??= {});
  }

  private setParty(role: PartyRole, field: PartyField, text: string, ctx: LeafContext): void {
    if (this.first(partyBit(role, field), ctx, true)) this.party(role)[field] = text.trim();
  }

  /** `<DbtrAcct><Id><IBAN>` / `<Id><Othr><Id>`: only the debtor's and creditor's accounts are kept. */
  private account(element: string, ctx: LeafContext, field: 'iban' | 'otherAccountId', text: string): void {
    if (
      (element === 'DbtrAcct' || element === 'CdtrAcct') &&
      ctx.stack.name(field === 'iban' ? 3 : 4) === 'RltdPties'
    ) {
      this.setParty(element === 'DbtrAcct' ? 'debtor' : 'creditor', field, text, ctx);
    }
  }
}
