import type { StatementFormat } from '../types';
import { CAMT_ID, isCamtMessage, SUPPORTED_RANGE } from './messages';

const CAMT_NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:(camt\.\d{3})\.(\d{3}\.\d{2})/;
/** A namespace declaration that is not ISO 20022's but names a camt message (`xmlns="ISO:camt.053.001.02:APC:STUZZA:payments:003"`). */
const NAMED_CAMT_NAMESPACE = new RegExp(`\\sxmlns(?::[A-Za-z_][\\w.-]*)?\\s*=\\s*["'][^"']*?${CAMT_ID.source}`);
const ROOT_ELEMENT = /<(?:[A-Za-z_][\w.-]*:)?BkToCstmr(AcctRpt|Stmt|DbtCdtNtfctn)(?:V01)?[\s>/]/;

/**
 * Recognises a camt.052/053/054 document from its head: by the ISO 20022 namespace first,
 * else by the message element (for files that leave the namespace out). File names play no
 * part. A camt.053 namespace of an unpublished version still sniffs as camt.053, so that the
 * parser can name the supported range instead of calling the file unknown. A namespace that is
 * not ISO 20022's but names a camt message (a national variant) counts as that message's.
 */
export function sniffCamt(head: string): StatementFormat | undefined {
  const ns = camtNamespace(head);
  if (ns) return isCamtMessage(ns[1] as string) ? (ns[1] as StatementFormat) : undefined;
  switch (ROOT_ELEMENT.exec(head)?.[1]) {
    case 'AcctRpt':
      return 'camt.052';
    case 'Stmt':
      return 'camt.053';
    case 'DbtCdtNtfctn':
      return 'camt.054';
    default:
      return undefined;
  }
}

/** Why a head that is ISO 20022 camt, but not a message we read, is refused (camt.086, camt.029 …). */
export function describeUnsupportedCamt(head: string): string | undefined {
  const ns = camtNamespace(head);
  if (!ns || isCamtMessage(ns[1] as string)) return undefined;
  return `${ns[1]}.${ns[2]} is an ISO 20022 cash management message, but not a bank-to-customer statement; supported are ${SUPPORTED_RANGE}`;
}

/** The message (`[1]`) and version (`[2]`) of the head's ISO 20022 camt namespace, else of one naming a camt message. */
function camtNamespace(head: string): RegExpExecArray | null {
  return CAMT_NAMESPACE.exec(head) ?? NAMED_CAMT_NAMESPACE.exec(head);
}
