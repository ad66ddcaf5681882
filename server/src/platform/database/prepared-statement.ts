import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

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
}
