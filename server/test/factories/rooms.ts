import type { CreateRoomBody, NotificationKind } from '@seyirlik/shared-contracts';
import type { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildEpisode, buildSeries } from './catalog';
import { registerMember } from './members';

export type MemberAgent = Awaited<ReturnType<typeof registerMember>>['agent'];

/** A registered, logged-in member: its agent, its session cookie (for sockets) and its id. */
export interface SignedInMember {
  agent: MemberAgent;
  cookie: string;
  userId: number;
  username: string;
}

/**
 * Registers and logs in a member. `muted`: notification kinds they turn off before doing anything
 * (tests of other sources mute `badge`, which a first comment, like or message also earns).
 */
export async function signedInMember(baseUrl: string, options: { muted?: readonly NotificationKind[] } = {}): Promise<SignedInMember> {
  const { agent, member } = await registerMember(baseUrl);
  if (options.muted) {
    const muted = await agent.put('/api/notifications/mutes').send({ muted: options.muted });
    if (muted.status !== 200) throw new Error(`muting failed: ${muted.status} ${JSON.stringify(muted.body)}`);
  }
  const session = await agent.get('/api/auth/session');
  return { agent, cookie: session.request.cookies as unknown as string, userId: session.body.user.id as number, username: member.username };
}

/** Imports a series with two aired episodes and one airing next year; answers their ids. */
export async function importRoomCatalog(dataSource: DataSource): Promise<{ aired: [number, number]; unaired: number }> {
  const nextYear = new Date().getUTCFullYear() + 1;
  const series = buildSeries({
    seasons: [
      {
        number: 1,
        episodes: [buildEpisode(1), buildEpisode(2), buildEpisode(3, { airAt: new Date(Date.UTC(nextYear, 0, 1)).toISOString() })],
      },
    ],
  });
  await new CatalogImportService(dataSource).import(buildCatalogFile([series]));
  const rows = (await dataSource.query(
    'SELECT e.id FROM episode e JOIN title t ON t.id = e.title_id WHERE t.slug = $1 ORDER BY e.number',
    [series.slug],
  )) as Array<{ id: number }>;
  return { aired: [rows[0]!.id, rows[1]!.id], unaired: rows[2]!.id };
}

/** Creates a room through the JSON API and answers its code. */
export async function createRoom(agent: MemberAgent, body: CreateRoomBody): Promise<string> {
  const response = await agent.post('/api/rooms').send(body);
  if (response.status !== 201) throw new Error(`room creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.code as string;
}
