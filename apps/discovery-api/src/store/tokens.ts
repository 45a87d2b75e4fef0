import * as crypto from 'node:crypto';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { disableWebhooks, type DisabledWebhooks } from '@disc/webhooks';
import type { Database, Queryable } from '../db/database';

/** What a token may do: `discovery` for /v1/discovery/*, `webhooks` for /v1/webhooks. */
export type Scope = 'discovery' | 'webhooks';
export const SCOPES: readonly Scope[] = ['discovery', 'webhooks'];

export interface TokenRecord {
  id: string;
  name: string;
  scopes: Scope[];
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface CreatedToken {
  record: TokenRecord;
  /** The bearer token itself: shown once, never stored. */
  token: string;
}

const TOKEN_PREFIX = 'disc_';

/** 32 random bytes, base64url, with a recognisable prefix (secret scanners can match it). */
export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

// Every authenticated request hashes its token: crypto.hash (Node 20.12+) does it without
// building a Hash object, several times faster for a value this short.
const oneShotHash = (crypto as Partial<Pick<typeof crypto, 'hash'>>).hash;

/** Tokens are stored as SHA-256: they carry 256 bits of entropy, so a slow password hash
 * adds nothing, and a lookup by hash avoids comparing secrets in application code. */
export function hashToken(token: string): string {
  return oneShotHash === undefined
    ? createHash('sha256').update(token, 'utf8').digest('hex')
    : oneShotHash('sha256', token, 'hex');
}

export function looksLikeToken(value: string): boolean {
  return /^disc_[A-Za-z0-9_-]{43}$/.test(value);
}

const COLUMNS = 'id, name, scopes, created_at, revoked_at, last_used_at';

/** The PostgreSQL channel a revocation is announced on (in the revoking transaction, so it
 * is sent when, and only if, the revocation commits). */
export const TOKEN_CHANGES_CHANNEL = 'discovery_token_changes';

export interface TokenStoreOptions {
  /** Keep active tokens in memory: `true` when this process is the database's sole user
   * (the embedded PGlite, whose tokens change only through this process); a function when
   * other processes may revoke tokens, answering whether the cache can be trusted right now
   * (a shared PostgreSQL: while this instance LISTENs on TOKEN_CHANGES_CHANNEL, and each
   * notification calls invalidate()). When it answers false, every lookup reads the table. */
  cache?: boolean | (() => boolean);
}

export class TokenStore {
  private readonly cache: Map<string, TokenRecord> | undefined;
  /** Bumped by every invalidation: a read that overlapped one is not kept. */
  private generation = 0;
  private readonly trusted: () => boolean;

  constructor(
    private readonly db: Queryable,
    options: TokenStoreOptions = {},
  ) {
    this.cache = options.cache === undefined || options.cache === false ? undefined : new Map();
    const cache = options.cache;
    this.trusted = typeof cache === 'function' ? cache : () => true;
  }

  /** The cache of active tokens by hash, when there is one and it may be trusted now. */
  private trustedCache(): Map<string, TokenRecord> | undefined {
    return this.cache !== undefined && this.trusted() ? this.cache : undefined;
  }

  /** Forgets every cached token (another instance revoked one, or the notifications that
   * would say so may have been missed). */
  invalidate(): void {
    this.generation += 1;
    this.cache?.clear();
  }

  async create(name: string, scopes: readonly Scope[]): Promise<CreatedToken> {
    const token = generateToken();
    const id = `tok_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const rows = await this.db.query<TokenRow>(
      `INSERT INTO api_tokens (id, name, hash, scopes) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [id, name, hashToken(token), [...new Set(scopes)]],
    );
    return { record: normalise(rows[0]!), token };
  }

  async list(): Promise<TokenRecord[]> {
    return (await this.db.query<TokenRow>(`SELECT ${COLUMNS} FROM api_tokens ORDER BY created_at, id`)).map(normalise);
  }

  async count(): Promise<number> {
    const rows = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_tokens');
    return rows[0]?.n ?? 0;
  }

  /** The active token with this bearer value if the cache holds it (and may be trusted now);
   * undefined means "ask findActive", not "unknown". */
  known(token: string): TokenRecord | undefined {
    const cache = this.trustedCache();
    return cache === undefined || cache.size === 0 ? undefined : cache.get(hashToken(token));
  }

  /** The active (not revoked) token with this bearer value, if any. */
  async findActive(token: string): Promise<TokenRecord | undefined> {
    const hash = hashToken(token);
    const cache = this.trustedCache();
    const cached = cache?.get(hash);
    if (cached !== undefined) return cached;
    // A revocation that lands while this read is in flight must not leave the token cached.
    const generation = this.generation;
    const rows = await this.db.query<TokenRow>(
      `SELECT ${COLUMNS} FROM api_tokens WHERE hash = $1 AND revoked_at IS NULL`,
      [hash],
      // Every authenticated request runs it while tokens are not cached.
      { prepareAs: 'api_tokens_find_active' },
    );
    const found = rows[0] === undefined ? undefined : normalise(rows[0]);
    // Unknown tokens are not remembered: that would let a flood of random tokens grow the map.
    if (found !== undefined && cache !== undefined && generation === this.generation) {
      if (cache.size >= 10_000) cache.clear();
      cache.set(hash, found);
    }
    return found;
  }

  /** Revokes the token and, in the same transaction, disables its webhooks and cancels
   * their pending deliveries: nobody could list or delete them any more. Returns false
   * when no active token has this id. */
  async revoke(id: string): Promise<boolean> {
    return (await this.revokeWithWebhooks(id)) !== undefined;
  }

  /** As revoke, saying what happened to the token's webhooks; undefined: no such token. */
  async revokeWithWebhooks(id: string): Promise<DisabledWebhooks | undefined> {
    const work = async (q: Queryable): Promise<DisabledWebhooks | undefined> => {
      const rows = await q.query(
        'UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id',
        [id],
      );
      if (rows.length === 0) return undefined;
      // Other instances drop their cached tokens when this commits (TOKEN_CHANGES_CHANNEL).
      if ((this.db as Partial<Database>).engine === 'postgres')
        await q.query('SELECT pg_notify($1, $2)', [TOKEN_CHANGES_CHANNEL, id]);
      const hooks = await q.query<{ id: string }>(
        'SELECT id FROM webhooks WHERE token_id = $1 AND deleted_at IS NULL',
        [id],
      );
      return disableWebhooks(
        q,
        hooks.map((h) => h.id),
        'its token was revoked',
      );
    };
    const db = this.db as Partial<Database> & Queryable;
    const result = db.transaction === undefined ? await work(db) : await db.transaction(work);
    this.cache?.clear();
    return result;
  }

  async touch(id: string): Promise<void> {
    await this.db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [id]);
  }
}

interface TokenRow {
  id: string;
  name: string;
  scopes: Scope[];
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

function normalise(row: TokenRow): TokenRecord {
  return {
    id: row.id,
    name: row.name,
    scopes: [...row.scopes].sort(),
    created_at: row.created_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

export function parseScopes(raw: string): Scope[] {
  const scopes = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0 || scopes.length === 0) {
    throw new Error(`scopes must be a comma-separated list of ${SCOPES.join(', ')}; got '${raw}'`);
  }
  return scopes as Scope[];
}
