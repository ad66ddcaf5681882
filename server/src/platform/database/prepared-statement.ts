import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { QueryRunnerProviderAlreadyReleasedError, type DataSource, type EntityManager } from 'typeorm';

/**
 * A statement the hot paths run many times a second (a member's session on every request, a chat
 * message): prepared under its name on each pooled connection the first time that connection runs
 * it, so PostgreSQL parses and plans it once per connection instead of on every call. It goes to
 * the pool TypeORM holds, without TypeORM's query runner around it.
 */
export class PreparedStatement<Row extends QueryResultRow> {
  constructor(
    readonly name: string,
    readonly text: string,
  ) {}

  async run(dataSource: DataSource, values: unknown[]): Promise<Row[]> {
    const pool = (dataSource.driver as unknown as { master: Pool }).master;
    const result = await pool.query<Row>({ name: this.name, text: this.text, values });
    return result.rows;
  }

  /**
   * Runs on `manager`'s own connection: inside its transaction when it holds one, prepared on that
   * pooled connection as run() prepares it on any. A manager with no query runner of its own (the
   * data source's) runs it as run() does; a released one refuses, as TypeORM's query does.
   */
  async runIn(manager: EntityManager, values: unknown[]): Promise<Row[]> {
    const runner = manager.queryRunner;
    if (!runner) return this.run(manager.connection, values);
    if (runner.isReleased) throw new QueryRunnerProviderAlreadyReleasedError();
    const client = (await runner.connect()) as PoolClient;
    const result = await client.query<Row>({ name: this.name, text: this.text, values });
    return result.rows;
  }
}
