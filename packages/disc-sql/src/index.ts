export { type SqlQueryable, type SqlClient, type PgQueryable, type PgPool, pgPoolClient } from './sql-client';
export { type SqlMigration, applyMigrations, splitStatements } from './migrations';
