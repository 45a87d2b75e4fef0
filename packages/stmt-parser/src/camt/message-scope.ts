import { StatementParseError } from '../errors';
import type { IssueSink } from '../issues';
import type { SourceLocation } from '../types';
import type { ElementStack } from './element-stack';
import {
  camtIdInNamespace,
  isCamtMessage,
  isSupportedVersion,
  messageOfRootElement,
  parseCamtNamespace,
  STATEMENT_ELEMENT,
  SUPPORTED_RANGE,
  type CamtMessage,
} from './messages';

const ROOT_ELEMENT_NAME: Readonly<Record<CamtMessage, string>> = {
  'camt.052': 'BkToCstmrAcctRpt',
  'camt.053': 'BkToCstmrStmt',
  'camt.054': 'BkToCstmrDbtCdtNtfctn',
};

/**
 * The part of the document above the statements: `<Document>` with its namespace, the
 * message element (`<BkToCstmrStmt>` …) and the statement elements under it. Decides the
 * message type and version, and refuses documents that are not a supported camt message.
 * `<Document>` may sit inside an envelope (a business message wrapper), so it is looked for
 * at any depth.
 */
export class MessageScope {
  messageType: CamtMessage = 'camt.053';
  version: string | undefined;
  statementCount = 0;
  private documentLevel = -1;
  private messageLevel = -1;
  private namespaceMessage: string | undefined;

  constructor(
    private readonly stack: ElementStack,
    private readonly issues: IssueSink,
  ) {}

  /** Handles an element opening outside any statement; answers whether it starts a statement. */
  open(local: string, name: string, attributes: Readonly<Record<string, string>>, level: number): boolean {
    if (this.messageLevel >= 0) {
      if (level !== this.messageLevel + 1 || local !== STATEMENT_ELEMENT[this.messageType]) return false;
      this.statementCount++;
      return true;
    }
    if (this.documentLevel < 0) {
      if (local === 'Document') this.openDocument(name, attributes, level);
    } else if (level === this.documentLevel + 1) {
      this.openMessage(local);
      this.messageLevel = level;
    }
    return false;
  }

  close(level: number): void {
    if (level !== this.messageLevel || this.statementCount > 0) return;
    const element = STATEMENT_ELEMENT[this.messageType];
    this.issues.error(
      'MISSING_ELEMENT',
      `expected at least one <${element}> in <${this.stack.name()}>; the message carries no ${element === 'Stmt' ? 'statement' : element === 'Rpt' ? 'report' : 'notification'}`,
      this.stack.location(level, element),
    );
  }

  /** At the end of a well-formed document: it must have contained a camt message. */
  end(where: SourceLocation): void {
    if (this.messageLevel >= 0) return;
    if (this.namespaceMessage !== undefined) {
      // A camt <Document> with nothing in it (an export of a period without activity): no row
      // is missing, so it converts to nothing, with a warning.
      this.issues.warning(
        'MISSING_ELEMENT',
        `the ${this.namespaceMessage} document holds no message (no <${ROOT_ELEMENT_NAME[this.namespaceMessage as CamtMessage]}>): nothing to convert`,
        where,
      );
      return;
    }
    throw new StatementParseError(
      'UNKNOWN_FORMAT',
      `expected an ISO 20022 <Document> holding <BkToCstmrStmt>, <BkToCstmrAcctRpt> or <BkToCstmrDbtCdtNtfctn>; found none (supported: ${SUPPORTED_RANGE})`,
      { location: where },
    );
  }

  private openDocument(name: string, attributes: Readonly<Record<string, string>>, level: number): void {
    const colon = name.indexOf(':');
    const uri = attributes[colon < 0 ? 'xmlns' : `xmlns:${name.slice(0, colon)}`];
    this.documentLevel = level;
    if (uri === undefined) return; // no namespace: the message element alone decides
    const standard = parseCamtNamespace(uri);
    // Not ISO 20022's namespace, but one that names a camt message (a national variant): read as it.
    const ns = standard ?? camtIdInNamespace(uri);
    if (!ns || !isCamtMessage(ns.message) || !isSupportedVersion(ns.version)) {
      const found = standard
        ? `${standard.message}.${standard.version}`
        : ns
          ? `${JSON.stringify(uri)}, which names ${ns.message}.${ns.version}`
          : JSON.stringify(uri);
      throw this.unsupported(`the document's namespace is ${found}; supported are ${SUPPORTED_RANGE}`);
    }
    if (!standard)
      this.issues.warning(
        'INVALID_VALUE',
        `the document's namespace ${JSON.stringify(uri)} is not ISO 20022's (urn:iso:std:iso:20022:tech:xsd:${ns.message}.${ns.version}), but names ${ns.message}.${ns.version}; read as ${ns.message} version ${ns.version}`,
        this.stack.location(),
      );
    this.namespaceMessage = ns.message;
    this.version = ns.version;
  }

  private openMessage(local: string): void {
    const message = messageOfRootElement(local);
    if (!message) {
      throw this.unsupported(
        `expected <BkToCstmrStmt>, <BkToCstmrAcctRpt> or <BkToCstmrDbtCdtNtfctn> under <Document>, found <${local}>`,
      );
    }
    if (this.namespaceMessage !== undefined && this.namespaceMessage !== message) {
      throw this.unsupported(
        `the namespace declares ${this.namespaceMessage}, but <${local}> is the message element of ${message}`,
      );
    }
    this.messageType = message;
  }

  private unsupported(detail: string): StatementParseError {
    return new StatementParseError('UNSUPPORTED_MESSAGE', detail, { location: this.stack.location() });
  }
}
