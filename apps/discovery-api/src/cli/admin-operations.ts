import type { CreatedToken, Scope, TokenRecord } from '../store/tokens';
import type { RefreshReport } from '../monitoring/refresh';
import type { SnapshotInfo } from '../store/snapshots';

/** What the `tokens` and `data` commands do, whether on the database directly or through
 * the running server that holds an embedded database. */
export interface AdminOperations {
  /** How the command reached the data, for messages: "database" or the server URL. */
  readonly via: string;
  createToken(name: string, scopes: readonly Scope[]): Promise<CreatedToken>;
  listTokens(): Promise<TokenRecord[]>;
  /** False when no active token has that id. */
  revokeToken(id: string): Promise<boolean>;
  /** Saves the snapshot and re-scores the monitored symbols (the refresh's report). */
  loadSnapshot(source: string, content: unknown): Promise<SnapshotInfo & { refresh?: RefreshReport }>;
  /** The snapshot in force: the newest loaded one, or the bundled sample. */
  exportSnapshot(): Promise<unknown>;
  close(): Promise<void>;
}
