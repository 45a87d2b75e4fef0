export type { SqlQueryable, SqlClient, PgQueryable, PgPool } from './sql-client';
export { pgPoolClient } from './sql-client';
export type { SqlMigration } from './migrations';
export { applyMigrations, splitStatements } from './migrations';
