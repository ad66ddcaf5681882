import { streams } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate } from '../../src/platform/database/data-source';
import { migrations } from '../../src/platform/database/migrations';
import { RoomChatStreamNames1764800000000 } from '../../src/platform/database/migrations/1764800000000-room-chat-stream-names';
import { StreamSequenceRepository } from '../../src/platform/database/stream-sequence.repository';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const allMigrations = migrations.map((Migration) => new Migration().name);

describe('database platform', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
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
      const other = await createTestDatabase({ empty: true });
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
      for (const stream of [streams.roomChat('a'), streams.roomChat('a'), streams.roomChat('b'), streams.roomChat('a')]) {
        taken.push(await dataSource.transaction((manager) => sut.next(manager, stream)));
      }

      expect(taken).toEqual([1, 2, 1, 3]);
      expect(await sut.current(dataSource.manager, streams.roomChat('a'))).toBe(3);
      expect(await sut.current(dataSource.manager, streams.roomChat('never'))).toBe(0);
    });

    it('answers the newest number of several streams at once, 0 for one never written', async () => {
      for (const stream of [streams.roomChat('h1'), streams.roomChat('h1'), streams.roomChat('h2')]) {
        await dataSource.transaction((manager) => sut.next(manager, stream));
      }

      const heads = await sut.heads(dataSource.manager, [streams.roomChat('h1'), streams.roomChat('h2'), streams.roomChat('h3')]);

      expect(Object.fromEntries(heads)).toEqual({ 'room-chat:h1': 2, 'room-chat:h2': 1, 'room-chat:h3': 0 });
    });

    it('hands out numbers in commit order under concurrent writers', async () => {
      await dataSource.query('CREATE TABLE seq_probe (seq bigint PRIMARY KEY, committed_at timestamptz NOT NULL DEFAULT clock_timestamp())');
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          dataSource.transaction(async (manager) => {
            const seq = await sut.next(manager, streams.roomChat('busy'));
            // Writers hold their number for a while before committing, in varying order.
            await manager.query('SELECT pg_sleep($1)', [(index % 4) * 0.01]);
            await manager.query('INSERT INTO seq_probe (seq) VALUES ($1)', [seq]);
          }),
        ),
      );
      const rows: Array<{ seq: string }> = await dataSource.query('SELECT seq FROM seq_probe ORDER BY committed_at');

      expect(rows.map((row) => Number(row.seq))).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    });

    it('moves the counters of rooms’ chats from their channel’s name to their stream’s, and back', async () => {
      await dataSource.query("INSERT INTO stream_sequence (stream, last_seq) VALUES ('room:Eski1', 41), ('conversation:eski', 3)");
      const namedAs = async () =>
        (await dataSource.query("SELECT stream, last_seq::int FROM stream_sequence WHERE stream LIKE '%Eski1' OR stream LIKE '%eski' ORDER BY stream")) as unknown[];
      const queryRunner = dataSource.createQueryRunner();
      try {
        await new RoomChatStreamNames1764800000000().up(queryRunner);
        expect(await namedAs()).toEqual([
          { stream: 'conversation:eski', last_seq: 3 },
          { stream: streams.roomChat('Eski1'), last_seq: 41 },
        ]);

        await new RoomChatStreamNames1764800000000().down(queryRunner);
        expect(await namedAs()).toEqual([
          { stream: 'conversation:eski', last_seq: 3 },
          { stream: 'room:Eski1', last_seq: 41 },
        ]);
      } finally {
        await new RoomChatStreamNames1764800000000().up(queryRunner);
        await queryRunner.release();
      }
    });

    it('refuses to hand out a number outside a transaction', async () => {
      await expect(sut.next(dataSource.manager, streams.roomChat('x'))).rejects.toThrow(/inside a transaction/);
    });
  });
});
