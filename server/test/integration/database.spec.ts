import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate } from '../../src/platform/database/data-source';
import { migrations } from '../../src/platform/database/migrations';
import { StreamSequenceRepository } from '../../src/platform/database/stream-sequence.repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const allMigrations = migrations.map((Migration) => new Migration().name);

describe('database platform', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database.drop();
  });

  describe('migrations', () => {
    it('build the schema from an empty database, and a second run changes nothing', async () => {
      const first = await migrate(database.url);
      const second = await migrate(database.url);

      expect(first).toEqual(allMigrations);
      expect(first[0]).toBe('StreamSequences1763800000000');
      expect(second).toEqual([]);
    });

    it('are safe when several processes start at once', async () => {
      const other = await createTestDatabase();
      try {
        const results = await Promise.all([migrate(other.url), migrate(other.url), migrate(other.url)]);
        expect(results.flat()).toEqual(allMigrations);
      } finally {
        await other.drop();
      }
    });
  });

  describe('stream sequences', () => {
    const sut = new StreamSequenceRepository();

    beforeAll(async () => {
      dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
    });

    it('numbers each stream on its own from 1', async () => {
      const taken: number[] = [];
      for (const stream of ['room:a', 'room:a', 'room:b', 'room:a']) {
        taken.push(await dataSource.transaction((manager) => sut.next(manager, stream)));
      }

      expect(taken).toEqual([1, 2, 1, 3]);
      expect(await sut.current(dataSource.manager, 'room:a')).toBe(3);
      expect(await sut.current(dataSource.manager, 'room:never')).toBe(0);
    });

    it('hands out numbers in commit order under concurrent writers', async () => {
      await dataSource.query('CREATE TABLE seq_probe (seq bigint PRIMARY KEY, committed_at timestamptz NOT NULL DEFAULT clock_timestamp())');
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          dataSource.transaction(async (manager) => {
            const seq = await sut.next(manager, 'room:busy');
            // Writers hold their number for a while before committing, in varying order.
            await manager.query('SELECT pg_sleep($1)', [(index % 4) * 0.01]);
            await manager.query('INSERT INTO seq_probe (seq) VALUES ($1)', [seq]);
          }),
        ),
      );
      const rows: Array<{ seq: string }> = await dataSource.query('SELECT seq FROM seq_probe ORDER BY committed_at');

      expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    });

    it('refuses to hand out a number outside a transaction', async () => {
      await expect(sut.next(dataSource.manager, 'room:x')).rejects.toThrow(/inside a transaction/);
    });
  });
});
