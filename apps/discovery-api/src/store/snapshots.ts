import type { Queryable } from '../db/database';

export interface SnapshotInfo {
  id: number;
  loaded_at: string;
  source: string;
}

/** Market-data snapshots loaded by `discovery-api data load`. The newest is in force; with
 * none, the bundled sample snapshot is. Kept in the database so that every instance that
 * shares it (PostgreSQL) uses the same data. */
export class SnapshotStore {
  constructor(private readonly db: Queryable) {}

  async save(source: string, content: unknown): Promise<SnapshotInfo> {
    const rows = await this.db.query<{ id: string | number; loaded_at: Date; source: string }>(
      'INSERT INTO market_snapshots (source, content) VALUES ($1, $2::jsonb) RETURNING id, loaded_at, source',
      [source, JSON.stringify(content)],
    );
    return info(rows[0]!);
  }

  async latestInfo(): Promise<SnapshotInfo | undefined> {
    const rows = await this.db.query<{ id: string | number; loaded_at: Date; source: string }>(
      'SELECT id, loaded_at, source FROM market_snapshots ORDER BY id DESC LIMIT 1',
    );
    return rows[0] === undefined ? undefined : info(rows[0]);
  }

  async content(id: number): Promise<unknown> {
    const rows = await this.db.query<{ content: unknown }>('SELECT content FROM market_snapshots WHERE id = $1', [id]);
    return rows[0]?.content;
  }
}

function info(row: { id: string | number; loaded_at: Date; source: string }): SnapshotInfo {
  return { id: Number(row.id), loaded_at: row.loaded_at.toISOString(), source: row.source };
}
