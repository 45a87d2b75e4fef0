import type { StatementFormat } from '../types';

/** The ISO 20022 bank-to-customer cash management messages this parser reads. */
export type CamtMessage = Extract<StatementFormat, 'camt.052' | 'camt.053' | 'camt.054'>;

export const FIRST_VERSION = 1;
export const LAST_VERSION = 14;
export const SUPPORTED_RANGE = 'camt.052, camt.053 and camt.054, versions 001.01 to 001.14';

const NAMESPACE_PREFIX = 'urn:iso:std:iso:20022:tech:xsd:';

export interface CamtNamespace {
  /** `camt.053` — any camt message number, supported or not. */
  message: string;
  /** `001.08` */
  version: string;
}

/** Splits `urn:iso:std:iso:20022:tech:xsd:camt.053.001.08`; anything else is `undefined`. */
export function parseCamtNamespace(uri: string): CamtNamespace | undefined {
  if (!uri.startsWith(NAMESPACE_PREFIX)) return undefined;
  const id = uri.slice(NAMESPACE_PREFIX.length);
  const match = /^(camt\.\d{3})\.(\d{3}\.\d{2})$/.exec(id);
  return match ? { message: match[1] as string, version: match[2] as string } : undefined;
}

/**
 * A namespace that is not ISO 20022's but names a camt message in it, as national variants do
 * (the Austrian APC/Stuzza `ISO:camt.053.001.02:APC:STUZZA:payments:003`): the first
 * `camt.NNN.NNN.NN` standing alone in it, or `undefined`.
 */
export function camtIdInNamespace(uri: string): CamtNamespace | undefined {
  const match = CAMT_ID.exec(uri);
  return match ? { message: match[1] as string, version: match[2] as string } : undefined;
}

/** `camt.053.001.02` not glued to letters or digits around it. */
export const CAMT_ID = /(?<![A-Za-z0-9])(camt\.\d{3})\.(\d{3}\.\d{2})(?![0-9])/;

export function isCamtMessage(message: string): message is CamtMessage {
  return message === 'camt.052' || message === 'camt.053' || message === 'camt.054';
}

/** Versions 001.01 … 001.14 — every version published for camt.052/053/054 (001.14 in 2025). */
export function isSupportedVersion(version: string): boolean {
  if (!version.startsWith('001.')) return false;
  const minor = Number(version.slice(4));
  return minor >= FIRST_VERSION && minor <= LAST_VERSION;
}

/**
 * The message element under `<Document>`. Version 001.01 of each message suffixed the
 * element name with `V01`; later versions dropped the suffix.
 */
export function messageOfRootElement(local: string): CamtMessage | undefined {
  switch (local) {
    case 'BkToCstmrAcctRpt':
    case 'BkToCstmrAcctRptV01':
      return 'camt.052';
    case 'BkToCstmrStmt':
    case 'BkToCstmrStmtV01':
      return 'camt.053';
    case 'BkToCstmrDbtCdtNtfctn':
    case 'BkToCstmrDbtCdtNtfctnV01':
      return 'camt.054';
    default:
      return undefined;
  }
}

/** The repeated statement-like element of each message: report, statement, notification. */
export const STATEMENT_ELEMENT: Readonly<Record<CamtMessage, string>> = {
  'camt.052': 'Rpt',
  'camt.053': 'Stmt',
  'camt.054': 'Ntfctn',
};
