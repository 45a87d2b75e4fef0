import type { CreatedToken, Scope, TokenRecord } from '../store/tokens';
import type { RefreshReport } from '../monitoring/refresh';
import type { SnapshotInfo } from '../store/snapshots';
import type { AdminWebhook } from '../store/webhooks';

/** What the `tokens` and `data` commands do, whether on the database directly or through
 * the running server that holds an embedded database. */
export interface AdminOperations {
  /** How the command reached the data, for messages: "database" or the server URL. */
  readonly via: string;
  createToken(name: string, scopes: readonly Scope[]): Promise<CreatedToken>;
  listTokens(): Promise<TokenRecord[]>;
  /** False when no active token has that id. */
  revokeToken(id: string): Promise<boolean>;
  /** Every webhook that is not deleted, with its owner token. */
  listWebhooks(): Promise<AdminWebhook[]>;
  /** Disables any webhook and cancels its pending deliveries; false when none is active. */
  disableWebhook(id: string): Promise<boolean>;
  /** Deletes any webhook and cancels its pending deliveries; false when there is none. */
  deleteWebhook(id: string): Promise<boolean>;
  /** Saves the snapshot and re-scores the monitored symbols (the refresh's report). */
  loadSnapshot(source: string, content: unknown): Promise<SnapshotInfo & { refresh?: RefreshReport }>;
  /** The snapshot in force: the newest loaded one, or the bundled sample. */
  exportSnapshot(): Promise<unknown>;
  close(): Promise<void>;
}
