import { userInfo } from 'node:os';
import type { Logger } from './logger';

export type AuditOperation = 'convert' | 'camt' | 'validate' | 'config-validate';

let user: string | undefined;

/** Looked up once a run (it reads the password database): a folder of 500 files logs 500 entries. */
function currentUser(): string {
  return (user ??= lookUpUser());
}

function lookUpUser(): string {
  try {
    return userInfo().username;
  } catch {
    // No passwd entry (some containers run as an arbitrary uid).
    return process.env['USER'] ?? `uid:${process.getuid?.() ?? 'unknown'}`;
  }
}

/** One audit entry per file operation: who touched which file, how, and when (docs/configuration.md). */
export function audit(logger: Logger, operation: AuditOperation, file: string, outcome: 'success' | 'failure'): void {
  logger.info('audit', {
    audit: true,
    user: currentUser(),
    file,
    operation,
    outcome,
    timestamp: new Date().toISOString(),
  });
}
