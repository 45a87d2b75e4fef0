import type { Party, TransactionDetail } from '../types';
import type { LeafContext } from './leaf';
import { MovementDraft } from './movement';

type PartyRole = 'debtor' | 'creditor' | 'ultimateDebtor' | 'ultimateCreditor';

/** ISO 20022 party elements under `<RltdPties>` and the detail field each one fills. */
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

function isCreditorIdHolder(element: string, parent: string): boolean {
  return element === 'CdtrSchmeId' || element === 'Cdtr' || (element === 'Pty' && parent === 'Cdtr');
}

/** One `<TxDtls>` being read: references, parties, remittance information, amounts. */
export class TransactionDraft {
  readonly movement = new MovementDraft('TxDtls');
  private readonly detail: TransactionDetail = {};
  // Remittance lines; created on first use, as most details have one line or none.
  private unstructured: string[] | undefined;
  private creditorReferences: string[] | undefined;

  leaf(local: string, text: string, ctx: LeafContext): void {
    if (this.movement.leaf(local, text, ctx)) return;
    const { stack } = ctx;
    switch (local) {
      case 'EndToEndId': {
        // "NOTPROVIDED" is the SEPA placeholder for "the originator gave no reference".
        const value = text.trim();
        if (value && value !== 'NOTPROVIDED') this.detail.endToEndId = value;
        return;
      }
      case 'InstrId':
        this.detail.instructionId = text.trim();
        return;
      case 'TxId':
        this.detail.transactionId = text.trim();
        return;
      case 'MndtId':
        this.detail.mandateId = text.trim();
        return;
      case 'AcctSvcrRef':
        if (stack.name(1) === 'Refs') this.detail.accountServicerReference = text.trim();
        return;
      case 'Nm': {
        // v02–v07 write <Dbtr><Nm>; v08+ wrap the party: <Dbtr><Pty><Nm>.
        const role = partyRole(stack.name(1)) ?? (stack.name(1) === 'Pty' ? partyRole(stack.name(2)) : undefined);
        if (role && stack.name(stack.name(1) === 'Pty' ? 3 : 2) === 'RltdPties') this.party(role).name = text.trim();
        return;
      }
      case 'IBAN':
        if (stack.name(1) === 'Id') this.account(stack.name(2), ctx, 'iban', text);
        return;
      case 'Id':
        if (stack.name(1) === 'Othr' && stack.name(2) === 'Id')
          this.account(stack.name(3), ctx, 'otherAccountId', text);
        // The SEPA creditor identifier: <CdtrSchmeId><Id><PrvtId><Othr><Id>, or (German DK
        // rules) the creditor's own <Cdtr>[<Pty>]<Id><PrvtId><Othr><Id>.
        else if (
          stack.name(1) === 'Othr' &&
          stack.name(2) === 'PrvtId' &&
          isCreditorIdHolder(stack.name(4), stack.name(5))
        )
          this.detail.creditorId = text.trim();
        return;
      case 'BIC':
      case 'BICFI':
        if (stack.name(1) === 'FinInstnId' && stack.name(3) === 'RltdAgts') {
          const role = partyRole(stack.name(2));
          if (role) this.party(role).bic = text.trim();
        }
        return;
      case 'Ustrd':
        if (stack.name(1) === 'RmtInf') (this.unstructured ??= []).push(text.trim());
        return;
      case 'Ref':
        if (stack.name(1) === 'CdtrRefInf') {
          (this.creditorReferences ??= []).push(text.trim());
          this.detail.creditorReference ??= text.trim();
        }
        return;
      case 'Cd':
        // <Purp><Cd>, <RtrInf><Rsn><Cd>: the ISO external codes, as written.
        if (stack.name(1) === 'Purp') this.detail.purposeCode = text.trim();
        else if (stack.name(1) === 'Rsn' && stack.name(2) === 'RtrInf') this.detail.returnReasonCode = text.trim();
        return;
      case 'AddtlTxInf':
        this.detail.additionalInfo = text.trim();
        return;
      default:
        return;
    }
  }

  finish(): TransactionDetail {
    const { detail, movement } = this;
    const money = movement.money ?? movement.transactionMoney;
    if (money) detail.money = money;
    if (movement.creditDebit) detail.creditDebit = movement.creditDebit;
    const original = movement.foreignMoney;
    if (original) detail.originalMoney = original;
    if (movement.exchangeRate) detail.exchangeRate = movement.exchangeRate;
    const remittance = this.unstructured ?? this.creditorReferences;
    if (remittance) detail.remittanceInfo = remittance.length === 1 ? (remittance[0] as string) : remittance.join(' ');
    const code = movement.bankTransactionCode;
    if (code) detail.bankTransactionCode = code;
    if (movement.charges) detail.charges = movement.charges;
    return detail;
  }

  private party(role: PartyRole): Party {
    return (this.detail[role] ??= {});
  }

  /** `<DbtrAcct><Id><IBAN>` / `<Id><Othr><Id>`: only the debtor's and creditor's accounts are kept. */
  private account(element: string, ctx: LeafContext, field: 'iban' | 'otherAccountId', text: string): void {
    if (
      (element === 'DbtrAcct' || element === 'CdtrAcct') &&
      ctx.stack.name(field === 'iban' ? 3 : 4) === 'RltdPties'
    ) {
      this.party(element === 'DbtrAcct' ? 'debtor' : 'creditor')[field] = text.trim();
    }
  }
}
