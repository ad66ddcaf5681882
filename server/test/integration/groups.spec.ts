import {
  BADGE_RULES,
  FLOW_MESSAGES,
  GROUP_MESSAGES as M,
  GROUP_RULES,
  MESSAGES,
  POLL_MESSAGES,
  REACTION_MESSAGES,
  rooms,
  type FlowPage,
  type FlowPost,
  type FlowPostReply,
  type GroupCreatedReply,
  type GroupList,
  type GroupMemberList,
  type GroupMemberSearchResult,
  type GroupReply,
  type GroupView,
} from '@seyirlik/shared-contracts';
import sharp from 'sharp';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { buildPng, buildTruncatedJpeg } from '../factories/images';
import { visitorAgent } from '../factories/members';
import { signedInMember, type MemberAgent, type SignedInMember } from '../factories/rooms';
import { collect, connectSocket, eventually, nothingWithin, type RoomSocket } from '../harness/room-client';
import { TEST_REDIS_URL } from '../support/services';
import { startTestApp, type TestApp } from '../support/test-app';

type Agent = MemberAgent | ReturnType<typeof visitorAgent>;
type Fields = Record<string, string>;

describe('groups', () => {
  let sut: TestApp;
  let db: DataSource;
  let owner: SignedInMember;
  let member: SignedInMember;
  let outsider: SignedInMember;
  let png: Buffer;
  let pixelFlood: Buffer;
  let truncated: Buffer;
  const sockets: RoomSocket[] = [];
  let made = 0;

  /** Everything a group write could change. */
  const snapshot = async () =>
    (
      await db.query(`SELECT (SELECT count(*) FROM flow_group)::int AS groups,
                             (SELECT coalesce(string_agg(id || ':' || name || ':' || tagline || ':' || description || ':' || coalesce(website, '-') || ':' || socials::text || ':' || is_private || ':' || privacy || ':' || member_count || ':' || coalesce(cover_file_id::text, '-') || ':' || coalesce(poster_file_id::text, '-'), ',' ORDER BY id), '') FROM flow_group) AS fields,
                             (SELECT coalesce(string_agg(group_id || ':' || user_id || ':' || role, ',' ORDER BY group_id, user_id), '') FROM flow_group_member) AS members,
                             (SELECT count(*) FROM flow_post)::int AS posts,
                             (SELECT count(*) FROM media_upload)::int AS uploads,
                             (SELECT count(*) FROM media_file)::int AS files,
                             (SELECT count(*) FROM poll_vote)::int AS votes,
                             (SELECT count(*) FROM flow_reaction)::int AS reactions,
                             (SELECT count(*) FROM outbox_message)::int AS events`)
    )[0] as Record<string, number | string>;

  async function unchanged(send: () => Promise<request.Response>): Promise<request.Response> {
    await settled();
    const before = await snapshot();
    const response = await send();
    expect(await snapshot()).toEqual(before);
    return response;
  }

  /** Waits until no image is waiting for its job, so a snapshot sees only what a request changes. */
  const settled = () => eventually(async () => (await db.query('SELECT count(*)::int AS n FROM media_upload'))[0].n as number, (pending) => pending === 0);

  const groupFields = (overrides: Fields = {}): Fields => {
    made += 1;
    return { groupName: `Dizi Kulübü ${made}`, groupDesc: 'Her hafta yeni bölümleri konuşuyoruz.', ...overrides };
  };

  const multipart = (call: request.Test, fields: Fields, files: Record<string, Buffer> = {}) => {
    for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
    for (const [name, file] of Object.entries(files)) call = call.attach(name, file, `${name}.png`);
    return call;
  };

  const createGroup = async (who: SignedInMember, overrides: Fields = {}, files: Record<string, Buffer> = {}): Promise<GroupView> => {
    const response = await multipart(who.agent.post('/api/groups'), groupFields(overrides), files);
    if (response.status !== 201) throw new Error(`group failed: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as GroupCreatedReply).group;
  };

  const groupPost = async (who: SignedInMember, groupId: number, text: string): Promise<FlowPost> => {
    const response = await who.agent.post(`/api/groups/${groupId}/posts`).field('text', text);
    if (response.status !== 201) throw new Error(`post failed: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as FlowPostReply).post;
  };

  const groupPoll = async (who: SignedInMember, groupId: number): Promise<FlowPost> => {
    const response = await who.agent
      .post(`/api/groups/${groupId}/posts`)
      .field('kind', 'poll')
      .field('question', 'Hangi bölüm?')
      .field('answers', JSON.stringify([{ value: 'Birinci' }, { value: 'İkinci' }]));
    if (response.status !== 201) throw new Error(`poll failed: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as FlowPostReply).post;
  };

  const addMember = async (groupId: number, who: SignedInMember) => {
    const response = await owner.agent.post(`/api/groups/${groupId}/members`).send({ username: who.username });
    if (response.status !== 201) throw new Error(`add failed: ${response.status} ${JSON.stringify(response.body)}`);
  };

  const legacy = (agent: Agent, path: string, fields: Record<string, string | number>) => agent.post(path).type('form').send(fields);

  const socketOf = async (who?: SignedInMember) => {
    const socket = await connectSocket(sut.baseUrl, who?.cookie);
    sockets.push(socket);
    return socket;
  };
  const join = (socket: RoomSocket, room: string) => socket.timeout(5000).emitWithAck('room.join', { room });

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true', REDIS_URL: TEST_REDIS_URL });
    db = sut.server.app.get(DataSource);
    [owner, member, outsider] = await Promise.all([
      signedInMember(sut.baseUrl, { muted: ['badge'] }),
      signedInMember(sut.baseUrl, { muted: ['badge'] }),
      signedInMember(sut.baseUrl, { muted: ['badge'] }),
    ]);
    [png, pixelFlood, truncated] = await Promise.all([buildPng(1600, 900), buildPng(8000, 6000), buildTruncatedJpeg()]);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await sut.close();
  });

  describe('authentication', () => {
    it('requires authentication for every write, JSON (401) and legacy (session flag), changing nothing', async () => {
      const group = await createGroup(owner);
      const post = await groupPost(owner, group.id, 'Ziyaretçiler dokunamaz.');
      const visitor = visitorAgent(sut.baseUrl);
      await settled();
      const before = await snapshot();
      const json = await Promise.all([
        multipart(visitor.post('/api/groups'), groupFields()),
        multipart(visitor.patch(`/api/groups/${group.id}`), groupFields()),
        visitor.delete(`/api/groups/${group.id}`),
        visitor.post(`/api/groups/${group.id}/join`),
        visitor.post(`/api/groups/${group.id}/leave`),
        visitor.post(`/api/groups/${group.id}/members`).send({ username: member.username }),
        visitor.delete(`/api/groups/${group.id}/members/${owner.userId}`),
        visitor.get(`/api/groups/${group.id}/member-search?q=uy`),
        visitor.post(`/api/groups/${group.id}/posts`).field('text', 'Merhaba'),
        visitor.get('/api/groups?mine=1'),
      ]);
      for (const response of json) expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } });
      const old = await Promise.all([
        legacy(visitor, '/group/create', groupFields()),
        legacy(visitor, '/group/update', { groupId: group.id, ...groupFields() }),
        legacy(visitor, '/group/delete', { group_id: group.id }),
        legacy(visitor, '/user/search', { query: 'uye', group_id: group.id }),
        legacy(visitor, '/set/group/post', { group_id: group.id, message: 'Merhaba' }),
        legacy(visitor, '/group/delete/post', { id: post.id }),
      ]);
      for (const response of old) expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('creating and editing', () => {
    beforeAll(async () => {
      owner = await signedInMember(sut.baseUrl, { muted: ['badge'] });
    });

    it('creates a group with its owner as first member, a Turkish address, processed cover and poster, and the first-group badge', async () => {
      const response = await multipart(
        owner.agent.post('/api/groups'),
        {
          groupName: '  Şahmaran  IŞIK Hayranları ',
          groupDesc: 'Satır bir\nsatır iki',
          groupTagline: 'Her şey dizi için',
          groupWebsite: 'ornek.com.tr/grup',
          fb: '@sahmaranfan',
          dc: 'abcDEF12',
          private: '',
          privacy: '0',
        },
        { cover: png, poster: await buildPng(300, 500) },
      );

      expect(response.status).toBe(201);
      const { group, link, message } = response.body as GroupCreatedReply;
      expect(message).toBe(M.created);
      expect(link).toMatch(/^\/grup\/sahmaran-isik-hayranlari(-\d+)?$/);
      expect(group).toMatchObject({
        link,
        name: 'Şahmaran IŞIK Hayranları',
        description: 'Satır bir\nsatır iki',
        tagline: 'Her şey dizi için',
        website: 'https://ornek.com.tr/grup',
        socials: { fb: 'sahmaranfan', tw: null, ig: null, th: null, yt: null, dc: 'abcDEF12' },
        visibility: 'open',
        private: false,
        privacy: false,
        memberCount: 1,
        postCount: 0,
        member: true,
        role: 'owner',
        canRead: true,
        canJoin: false,
        owner: { id: owner.userId, username: owner.username },
      });
      const ready = await eventually(
        async () => (await visitorAgent(sut.baseUrl).get(`/api/groups/${group.slug}`)).body as GroupView,
        (view) => view.coverUrl !== null && view.posterUrl !== null,
      );
      const cover = await sharp((await visitorAgent(sut.baseUrl).get(ready.coverUrl!).buffer(true)).body as Buffer).metadata();
      const poster = await sharp((await visitorAgent(sut.baseUrl).get(ready.posterUrl!).buffer(true)).body as Buffer).metadata();
      expect([cover.format, cover.width, cover.height, cover.exif]).toEqual(['webp', GROUP_RULES.coverWidthPx, GROUP_RULES.coverHeightPx, undefined]);
      expect([poster.format, poster.width, poster.height]).toEqual(['webp', GROUP_RULES.posterSidePx, GROUP_RULES.posterSidePx]);
      const badges = await eventually(
        async () => (await db.query('SELECT badge FROM member_badge WHERE user_id = $1', [owner.userId])) as Array<{ badge: string }>,
        (rows) => rows.some((row) => row.badge === 'first-group'),
      );
      expect(badges.map((row) => row.badge)).toContain('first-group');
      expect(BADGE_RULES['first-group'].name).toBe('Topluluk Kurucusu');
    });

    it('gives a second group of the same name the next free address, and answers the legacy create with the link', async () => {
      const first = await createGroup(owner, { groupName: 'Aynı İsim Kulübü' });
      const response = await legacy(owner.agent, '/group/create', { groupName: 'Aynı İsim Kulübü', groupDesc: 'İkincisi.' });

      expect(response.body).toEqual({ success: true, group: expect.stringMatching(/^\/grup\/ayni-isim-kulubu-\d+$/), id: expect.any(Number), message: M.created });
      expect(response.body.group).not.toBe(first.link);
      const view = (await owner.agent.get(response.body.group.replace('/grup/', '/api/groups/'))).body as GroupView;
      expect(view).toMatchObject({ id: response.body.id, role: 'owner', description: 'İkincisi.' });
    });

    it.each([
      ['no name', { groupName: '' }, M.nameRequired],
      ['a blank name', { groupName: '   \n ' }, M.nameRequired],
      ['a name too short', { groupName: 'ab' }, M.nameTooShort],
      ['a name too long', { groupName: 'a'.repeat(GROUP_RULES.nameMaxLength + 1) }, M.nameTooLong],
      ['no description', { groupDesc: '' }, M.descriptionRequired],
      ['a description too long', { groupDesc: 'a'.repeat(GROUP_RULES.descriptionMaxLength + 1) }, M.descriptionTooLong],
      ['a tagline too long', { groupTagline: 'a'.repeat(GROUP_RULES.taglineMaxLength + 1) }, M.taglineTooLong],
      ['a javascript: website', { groupWebsite: 'javascript:alert(1)' }, M.websiteInvalid],
      ['a website without a host', { groupWebsite: 'https://localhost' }, M.websiteInvalid],
      ['a social name with a slash', { tw: 'kullanici/ad' }, M.socialInvalid],
      ['a flag that is not one', { private: 'evet' }, M.flagInvalid],
    ])('refuses %s with a Turkish message, on both APIs, creating nothing', async (_case, override, message) => {
      const fields = { ...groupFields(), ...override };
      const json = await unchanged(() => multipart(owner.agent.post('/api/groups'), fields));
      const old = await unchanged(() => legacy(owner.agent, '/group/create', fields));

      expect({ status: json.status, message: json.body.message }).toEqual({ status: 400, message });
      expect(old.body).toEqual({ success: false, error: true, message });
    });

    it('refuses images that are not images, broken, too large or a pixel flood, storing nothing', async () => {
      const cases: Array<[Record<string, Buffer>, string]> = [
        [{ cover: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>') }, M.imageNotImage],
        [{ poster: truncated }, M.imageUnreadable],
        [{ cover: pixelFlood }, M.imageTooManyPixels],
        [{ poster: Buffer.alloc(GROUP_RULES.imageMaxBytes + 1, 1) }, M.imageTooLarge],
      ];
      const creator = await signedInMember(sut.baseUrl, { muted: ['badge'] });
      for (const [files, message] of cases) {
        const response = await unchanged(() => multipart(creator.agent.post('/api/groups'), groupFields(), files));
        expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message });
      }
    });

    it('lets the owner edit the fields and remove the cover; anyone else is refused and nothing changes', async () => {
      const group = await createGroup(owner, {}, { cover: png });
      await eventually(async () => (await owner.agent.get(`/api/groups/${group.slug}`)).body as GroupView, (view) => view.coverUrl !== null);
      await addMember(group.id, member);

      const byMember = await unchanged(() => multipart(member.agent.patch(`/api/groups/${group.id}`), groupFields({ groupName: 'Ele geçirildi' })));
      const byLegacy = await unchanged(() => legacy(outsider.agent, '/group/update', { groupId: group.id, ...groupFields({ groupName: 'Ele geçirildi' }) }));
      expect({ status: byMember.status, message: byMember.body.message }).toEqual({ status: 403, message: M.ownerOnly });
      expect(byLegacy.body).toEqual({ success: false, error: true, message: M.ownerOnly });

      const response = await multipart(owner.agent.patch(`/api/groups/${group.id}`), {
        groupName: 'Yeni Ad',
        groupDesc: 'Yeni açıklama',
        groupTagline: '',
        groupWebsite: '',
        yt: 'kanalimiz',
        removeCover: '1',
      });
      expect(response.status).toBe(200);
      expect((response.body as GroupReply).group).toMatchObject({ name: 'Yeni Ad', description: 'Yeni açıklama', website: null, coverUrl: null, slug: group.slug });
      expect((response.body as GroupReply).group.socials.yt).toBe('kanalimiz');
      expect((await db.query('SELECT count(*)::int AS n FROM media_file WHERE id IN (SELECT cover_file_id FROM flow_group WHERE id = $1)', [group.id]))[0].n).toBe(0);

      const old = await legacy(owner.agent, '/group/update', { groupId: group.id, ...groupFields({ groupName: 'Eski Yol' }) });
      expect(old.body).toEqual({ success: true, group: group.link, message: M.updated });
    });
  });

  describe('who sees what', () => {
    let open: GroupView;
    let closed: GroupView;
    let hidden: GroupView;
    const posts: Record<'open' | 'closed' | 'hidden', FlowPost | null> = { open: null, closed: null, hidden: null };

    beforeAll(async () => {
      owner = await signedInMember(sut.baseUrl, { muted: ['badge'] });
      open = await createGroup(owner, { groupName: 'Açık Kulüp Görünürlük' });
      closed = await createGroup(owner, { groupName: 'Kapalı Kulüp Görünürlük', privacy: '1' });
      hidden = await createGroup(owner, { groupName: 'Gizli Kulüp Görünürlük', private: '1' });
      for (const [key, group] of [['open', open], ['closed', closed], ['hidden', hidden]] as const) {
        await addMember(group.id, member);
        posts[key] = await groupPoll(owner, group.id);
      }
    });

    it('lists open and closed groups to everyone, hidden ones only among a member\'s own, and finds them by Turkish text', async () => {
      const listed = (await visitorAgent(sut.baseUrl).get('/api/groups?q=GÖRÜNÜRLÜK')).body as GroupList;
      expect(listed.groups.map((group) => group.id).sort()).toEqual([open.id, closed.id].sort());
      expect(listed.groups.find((group) => group.id === closed.id)).toMatchObject({ visibility: 'closed', member: false, memberCount: 2 });
      const mine = (await member.agent.get('/api/groups?mine=1&q=gorunurluk')).body as GroupList;
      expect(mine.groups.map((group) => group.id).sort()).toEqual([open.id, closed.id, hidden.id].sort());
      expect(mine.groups.every((group) => group.member)).toBe(true);
      expect(((await outsider.agent.get('/api/groups?mine=1&q=gorunurluk')).body as GroupList).groups).toEqual([]);
    });

    it('shows an open group and its posts to everyone, a closed one\'s page but not its posts, and a hidden one to nobody outside', async () => {
      const visitor = visitorAgent(sut.baseUrl);
      // A visitor is offered to join (and then asked to log in).
      expect((await visitor.get(`/api/groups/${open.slug}`)).body).toMatchObject({ canRead: true, canJoin: true, role: null });
      expect((await outsider.agent.get(`/api/groups/${open.slug}`)).body).toMatchObject({ canRead: true, canJoin: true, role: null });
      expect((await outsider.agent.get(`/api/groups/${closed.slug}`)).body).toMatchObject({ canRead: false, canJoin: false, visibility: 'closed', memberCount: 2 });
      expect((await member.agent.get(`/api/groups/${hidden.slug}`)).body).toMatchObject({ canRead: true, role: 'member' });

      const openPosts = (await visitor.get(`/api/groups/${open.id}/posts`)).body as FlowPage;
      expect(openPosts.posts.map((post) => post.id)).toEqual([posts.open!.id]);
      expect(openPosts.posts[0]!.group).toEqual({ id: open.id, slug: open.slug, name: open.name, link: open.link });
      expect(((await visitor.get(`/api/groups/${open.id}/members`)).body as GroupMemberList).members.map((one) => [one.id, one.role])).toEqual([
        [owner.userId, 'owner'],
        [member.userId, 'member'],
      ]);

      for (const [path, status, message] of [
        [`/api/groups/${closed.id}/posts`, 403, M.membersOnlyRead],
        [`/api/groups/${closed.id}/members`, 403, M.membersOnlyRead],
        [`/api/flow/posts/${posts.closed!.id}`, 403, M.membersOnlyRead],
        [`/api/flow/posts/${posts.closed!.id}/poll`, 403, M.membersOnlyRead],
        [`/api/flow/posts/${posts.closed!.id}/reactions`, 403, M.membersOnlyRead],
        [`/api/groups/${hidden.slug}`, 404, M.groupNotFound],
        [`/api/groups/${hidden.id}/posts`, 404, M.groupNotFound],
        [`/api/groups/${hidden.id}/members`, 404, M.groupNotFound],
        [`/api/flow/posts/${posts.hidden!.id}`, 404, FLOW_MESSAGES.postNotFound],
        [`/api/flow/posts/${posts.hidden!.id}/poll`, 404, POLL_MESSAGES.pollNotFound],
        [`/api/flow/posts/${posts.hidden!.id}/reactions`, 404, REACTION_MESSAGES.postNotFound],
      ] as const) {
        for (const agent of [visitor, outsider.agent]) {
          const response = await agent.get(path);
          expect({ path, status: response.status, message: response.body.message }).toEqual({ path, status, message });
        }
      }
      expect((await member.agent.get(`/api/flow/posts/${posts.hidden!.id}`)).body).toMatchObject({ id: posts.hidden!.id, kind: 'poll' });
    });

    it('refuses votes and reactions on a closed or hidden group\'s post from outside, over JSON and legacy, changing nothing', async () => {
      for (const key of ['closed', 'hidden'] as const) {
        const post = posts[key]!;
        const optionId = post.poll!.options[0]!.id;
        const expected = key === 'hidden' ? 404 : 403;
        const groupId = key === 'hidden' ? hidden.id : closed.id;
        const vote = await unchanged(() => outsider.agent.post(`/api/flow/posts/${post.id}/poll/vote`).send({ optionId }));
        const react = await unchanged(() => outsider.agent.put(`/api/flow/posts/${post.id}/reaction`).send({ kind: 'love' }));
        const legacyVote = await unchanged(() => legacy(outsider.agent, '/set/poll/vote', { value: optionId, post_id: post.id, group_id: groupId }));
        const legacyReact = await unchanged(() => legacy(outsider.agent, '/set/action', { type: 'group', post_id: post.id, action: 'love' }));
        expect([vote.status, react.status]).toEqual([expected, expected]);
        expect(legacyVote.body.success).toBe(false);
        expect(legacyReact.body.success).toBe(false);
      }
      const memberVote = await member.agent.post(`/api/flow/posts/${posts.hidden!.id}/poll/vote`).send({ optionId: posts.hidden!.poll!.options[1]!.id });
      expect(memberVote.status).toBe(200);
      const memberReact = await legacy(member.agent, '/set/action', { type: 'group', post_id: posts.closed!.id, action: 'love' });
      expect(memberReact.body).toMatchObject({ success: true, status: 1 });
      const visitorOnOpen = await outsider.agent.put(`/api/flow/posts/${posts.open!.id}/reaction`).send({ kind: 'haha' });
      expect(visitorOnOpen.status).toBe(200);
    });

    it('lets only readers join a group\'s channel and its posts\' channels', async () => {
      const visitor = await socketOf();
      const stranger = await socketOf(outsider);
      const inside = await socketOf(member);
      expect(await join(visitor, rooms.group(open.id))).toEqual({ ok: true });
      expect(await join(visitor, rooms.post(posts.open!.id))).toEqual({ ok: true });
      for (const socket of [visitor, stranger]) {
        for (const room of [rooms.group(closed.id), rooms.group(hidden.id), rooms.post(posts.closed!.id), rooms.post(posts.hidden!.id), rooms.group(2_147_483_647), 'group:0']) {
          expect(await join(socket, room)).toMatchObject({ ok: false });
        }
      }
      for (const room of [rooms.group(closed.id), rooms.group(hidden.id), rooms.post(posts.closed!.id), rooms.post(posts.hidden!.id)]) {
        expect(await join(inside, room)).toEqual({ ok: true });
      }
    });

    it('refuses joining a closed or hidden group and answers joining twice, changing nothing', async () => {
      const closedJoin = await unchanged(() => outsider.agent.post(`/api/groups/${closed.id}/join`));
      const hiddenJoin = await unchanged(() => outsider.agent.post(`/api/groups/${hidden.id}/join`));
      const twice = await unchanged(() => member.agent.post(`/api/groups/${open.id}/join`));
      expect([closedJoin.status, closedJoin.body.message]).toEqual([403, M.joinClosed]);
      expect([hiddenJoin.status, hiddenJoin.body.message]).toEqual([404, M.groupNotFound]);
      expect([twice.status, twice.body.message]).toEqual([409, M.alreadyMember]);
      const ownerLeaves = await unchanged(() => owner.agent.post(`/api/groups/${open.id}/leave`));
      const notIn = await unchanged(() => outsider.agent.post(`/api/groups/${open.id}/leave`));
      expect([ownerLeaves.status, ownerLeaves.body.message]).toEqual([400, M.ownerCannotLeave]);
      expect([notIn.status, notIn.body.message]).toEqual([409, M.notMember]);
    });
  });

  describe('posting in a group', () => {
    beforeAll(async () => {
      owner = await signedInMember(sut.baseUrl, { muted: ['badge'] });
    });

    it('posts for members only, live on the group channel and never on the public flow', async () => {
      const group = await createGroup(owner, { privacy: '1' });
      await addMember(group.id, member);
      const inside = await socketOf(owner);
      const flowViewer = await socketOf();
      expect(await join(inside, rooms.group(group.id))).toEqual({ ok: true });
      expect(await join(flowViewer, rooms.flow)).toEqual({ ok: true });
      const created = collect(inside, 'flow.postCreated');
      const onFlow = collect(flowViewer, 'flow.postCreated');

      const outside = await unchanged(() => outsider.agent.post(`/api/groups/${group.id}/posts`).field('text', 'İçeri girebilir miyim?'));
      const outsideLegacy = await unchanged(() => legacy(outsider.agent, '/set/group/post', { group_id: group.id, message: 'İçeri?' }));
      expect([outside.status, outside.body.message]).toEqual([403, M.membersOnlyPost]);
      expect(outsideLegacy.body).toEqual({ success: false, error: true, message: M.membersOnlyPost });

      const post = await groupPost(member, group.id, 'Gruba ilk gönderi');
      const legacyPost = await legacy(member.agent, '/set/group/post', { group_id: group.id, type: 'post', message: 'Eski istemciden' });
      expect(legacyPost.body).toMatchObject({ success: true, message: FLOW_MESSAGES.posted, id: expect.any(Number) });
      expect(legacyPost.body.theme).toContain('Eski istemciden');

      await eventually(() => created.map((item) => item.id), (ids) => ids.includes(post.id) && ids.includes(legacyPost.body.id));
      expect(created.find((item) => item.id === post.id)).toMatchObject({ group: { id: group.id }, mine: false });
      expect(onFlow.filter((item) => item.group !== null)).toEqual([]);
      const page = (await owner.agent.get(`/api/groups/${group.id}/posts`)).body as FlowPage;
      expect(page.posts.map((one) => one.id)).toEqual([legacyPost.body.id, post.id]);
      const flow = (await owner.agent.get('/api/flow')).body as FlowPage;
      expect(flow.posts.map((one) => one.id)).not.toContain(post.id);
      const outbox = await db.query("SELECT payload FROM outbox_message WHERE name = 'flow.posted' AND (payload->>'postId')::bigint = $1", [post.id]);
      expect(outbox[0].payload).toEqual({ postId: post.id, authorId: member.userId, groupId: group.id });
      expect(((await owner.agent.get(`/api/groups/${group.slug}`)).body as GroupView).postCount).toBe(2);
    });

    it('lets the owner delete any post in the group, a member only their own, over JSON and legacy', async () => {
      const group = await createGroup(owner);
      await addMember(group.id, member);
      await addMember(group.id, outsider);
      const byMember = await groupPost(member, group.id, 'Üyenin gönderisi');
      const byOther = await groupPost(outsider, group.id, 'Başka üyenin gönderisi');
      const inside = await socketOf(owner);
      expect(await join(inside, rooms.group(group.id))).toEqual({ ok: true });
      const deleted = collect(inside, 'flow.postDeleted');

      const refused = await unchanged(() => member.agent.delete(`/api/flow/posts/${byOther.id}`));
      const refusedLegacy = await unchanged(() => legacy(member.agent, '/group/delete/post', { id: byOther.id }));
      const editOther = await unchanged(() => owner.agent.patch(`/api/flow/posts/${byMember.id}`).field('text', 'Sahibi yazdı'));
      expect([refused.status, refused.body.message]).toEqual([403, M.postDeleteForbidden]);
      expect(refusedLegacy.body).toEqual({ success: false, error: true, message: M.postDeleteForbidden });
      expect([editOther.status, editOther.body.message]).toEqual([403, FLOW_MESSAGES.editForbidden]);

      expect((await owner.agent.delete(`/api/flow/posts/${byMember.id}`)).status).toBe(200);
      expect((await legacy(owner.agent, '/group/delete/post', { id: byOther.id })).body).toEqual({ success: true, message: FLOW_MESSAGES.deleted });
      await eventually(() => deleted.map((item) => item.id).sort(), (ids) => ids.length === 2);
      expect((await db.query('SELECT count(*)::int AS n FROM flow_post WHERE group_id = $1', [group.id]))[0].n).toBe(0);
    });

    it('drops the sockets of non-members from the channel of an open group its owner closes', async () => {
      const group = await createGroup(owner);
      await addMember(group.id, member);
      const visitor = await socketOf();
      const stranger = await socketOf(outsider);
      const inside = await socketOf(member);
      for (const socket of [visitor, stranger, inside]) expect(await join(socket, rooms.group(group.id))).toEqual({ ok: true });
      const seenInside = collect(inside, 'flow.postCreated');

      const closed = await multipart(owner.agent.patch(`/api/groups/${group.id}`), groupFields({ privacy: '1' }));
      expect((closed.body as GroupReply).group.visibility).toBe('closed');
      const quietVisitor = nothingWithin(visitor, 'flow.postCreated', 800);
      const quietStranger = nothingWithin(stranger, 'flow.postCreated', 800);
      const post = await groupPost(owner, group.id, 'Artık yalnızca üyelere');

      expect([await quietVisitor, await quietStranger]).toEqual([true, true]);
      await eventually(() => seenInside.map((item) => item.id), (ids) => ids.includes(post.id));
      expect(await join(stranger, rooms.group(group.id))).toMatchObject({ ok: false });
    });

    it('lets a member who left no longer post, edit or read a closed group, and takes their sockets off its channel', async () => {
      const group = await createGroup(owner, { privacy: '1' });
      await addMember(group.id, member);
      const own = await groupPost(member, group.id, 'Ayrılmadan önce');
      const memberSocket = await socketOf(member);
      expect(await join(memberSocket, rooms.group(group.id))).toEqual({ ok: true });

      const left = await member.agent.post(`/api/groups/${group.id}/leave`);
      expect(left.status).toBe(200);
      expect((left.body as GroupReply)).toMatchObject({ message: M.left, group: { role: null, canRead: false, memberCount: 1 } });

      const quiet = nothingWithin(memberSocket, 'flow.postCreated', 600);
      await groupPost(owner, group.id, 'Ayrıldıktan sonra');
      expect(await quiet).toBe(true);
      const edit = await unchanged(() => member.agent.patch(`/api/flow/posts/${own.id}`).field('text', 'Değiştirdim'));
      const again = await unchanged(() => member.agent.post(`/api/groups/${group.id}/posts`).field('text', 'Yine ben'));
      expect([edit.status, again.status]).toEqual([403, 403]);
      expect((await member.agent.get(`/api/groups/${group.id}/posts`)).status).toBe(403);
    });
  });

  describe('members', () => {
    beforeAll(async () => {
      owner = await signedInMember(sut.baseUrl, { muted: ['badge'] });
    });

    it('lets the owner search members from two characters (JSON and /user/search), add and remove them; nobody else', async () => {
      const group = await createGroup(owner, { private: '1' });
      const prefix = member.username.slice(0, 6);

      const short = await unchanged(() => owner.agent.get(`/api/groups/${group.id}/member-search?q=a`));
      expect([short.status, short.body.message]).toEqual([400, M.queryTooShort]);
      const byOther = await unchanged(() => member.agent.get(`/api/groups/${group.id}/member-search?q=${prefix}`));
      expect([byOther.status, byOther.body.message]).toEqual([404, M.groupNotFound]);

      const found = (await owner.agent.get(`/api/groups/${group.id}/member-search?q=${encodeURIComponent(member.username.toUpperCase())}`)).body as GroupMemberSearchResult;
      expect(found.members).toEqual([expect.objectContaining({ id: member.userId, username: member.username, inGroup: false })]);

      const added = await owner.agent.post(`/api/groups/${group.id}/members`).send({ username: member.username });
      expect(added.status).toBe(201);
      expect((added.body as GroupReply)).toMatchObject({ message: M.memberAdded, group: { memberCount: 2 } });
      const twice = await unchanged(() => owner.agent.post(`/api/groups/${group.id}/members`).send({ username: member.username }));
      const nobody = await unchanged(() => owner.agent.post(`/api/groups/${group.id}/members`).send({ username: 'boyle-biri-yok-123' }));
      const byMember = await unchanged(() => member.agent.post(`/api/groups/${group.id}/members`).send({ username: outsider.username }));
      expect([twice.status, twice.body.message]).toEqual([409, M.memberAlreadyIn]);
      expect([nobody.status, nobody.body.message]).toEqual([404, M.userNotFound]);
      expect([byMember.status, byMember.body.message]).toEqual([403, M.ownerOnly]);

      const theme = await legacy(owner.agent, '/user/search', { query: member.username, group_id: group.id });
      expect(theme.body).toEqual({ success: true, theme: expect.stringContaining(`data-username="${member.username}"`) });
      expect(theme.body.theme).toContain(M.added);
      const tooShort = await legacy(owner.agent, '/user/search', { query: 'a', group_id: group.id });
      expect(tooShort.body).toEqual({ success: false, error: true, message: M.queryTooShort });

      const removeOwner = await unchanged(() => owner.agent.delete(`/api/groups/${group.id}/members/${owner.userId}`));
      expect([removeOwner.status, removeOwner.body.message]).toEqual([400, M.cannotRemoveOwner]);
      const removed = await owner.agent.delete(`/api/groups/${group.id}/members/${member.userId}`);
      expect((removed.body as GroupReply)).toMatchObject({ message: M.memberRemoved, group: { memberCount: 1 } });
      expect((await member.agent.get(`/api/groups/${group.slug}`)).status).toBe(404);
      const notIn = await unchanged(() => owner.agent.delete(`/api/groups/${group.id}/members/${member.userId}`));
      expect([notIn.status, notIn.body.message]).toEqual([404, M.memberNotIn]);
    });

    it('keeps the member count exact under 20 concurrent joins and leaves', async () => {
      const group = await createGroup(owner);
      const joiners = await Promise.all(Array.from({ length: 20 }, () => signedInMember(sut.baseUrl, { muted: ['badge'] })));
      const joined = await Promise.all(joiners.map((one) => one.agent.post(`/api/groups/${group.id}/join`)));
      expect(joined.map((response) => response.status)).toEqual(joiners.map(() => 200));
      const leavers = joiners.slice(0, 7);
      await Promise.all([...leavers.map((one) => one.agent.post(`/api/groups/${group.id}/leave`)), ...joiners.slice(7, 12).map((one) => one.agent.post(`/api/groups/${group.id}/join`))]);
      const [row] = await db.query('SELECT member_count, (SELECT count(*)::int FROM flow_group_member WHERE group_id = $1) AS actual FROM flow_group WHERE id = $1', [group.id]);
      expect(row).toEqual({ member_count: 14, actual: 14 });
    });
  });

  describe('deleting', () => {
    beforeAll(async () => {
      owner = await signedInMember(sut.baseUrl, { muted: ['badge'] });
    });

    it('deletes a group after its owner asks, with its posts, photos and images, and tells its pages', async () => {
      const group = await createGroup(owner, {}, { cover: png, poster: png });
      await addMember(group.id, member);
      const photoPost = await member.agent.post(`/api/groups/${group.id}/posts`).field('text', 'Fotoğraflı').attach('photos', png, 'foto.png');
      expect(photoPost.status).toBe(201);
      await settled();
      const files = (await db.query(
        `SELECT cover_file_id AS id FROM flow_group WHERE id = $1 UNION ALL SELECT poster_file_id FROM flow_group WHERE id = $1
         UNION ALL SELECT i.file_id FROM flow_post_image i JOIN flow_post p ON p.id = i.post_id WHERE p.group_id = $1`,
        [group.id],
      )) as Array<{ id: string | null }>;
      expect(files.filter((file) => file.id !== null)).toHaveLength(3);
      const page = await socketOf(member);
      expect(await join(page, rooms.group(group.id))).toEqual({ ok: true });
      const told = collect(page, 'group.deleted');

      const byMember = await unchanged(() => member.agent.delete(`/api/groups/${group.id}`));
      const byLegacy = await unchanged(() => legacy(outsider.agent, '/group/delete', { group_id: group.id }));
      expect([byMember.status, byMember.body.message]).toEqual([403, M.ownerOnly]);
      expect(byLegacy.body).toEqual({ success: false, error: true, message: M.ownerOnly });

      const response = await owner.agent.delete(`/api/groups/${group.id}`);
      expect(response.body).toEqual({ message: M.deleted, go: '/gruplar' });
      await eventually(() => told, (events) => events.length === 1);
      expect(told[0]).toEqual({ id: group.id });
      const left = await db.query(
        `SELECT (SELECT count(*) FROM flow_group WHERE id = $1)::int AS groups, (SELECT count(*) FROM flow_post WHERE group_id = $1)::int AS posts,
                (SELECT count(*) FROM media_file WHERE id = ANY($2::uuid[]))::int AS files`,
        [group.id, files.map((file) => file.id)],
      );
      expect(left[0]).toEqual({ groups: 0, posts: 0, files: 0 });
      expect((await visitorAgent(sut.baseUrl).get(`/api/groups/${group.slug}`)).status).toBe(404);

      const other = await createGroup(owner);
      expect((await legacy(owner.agent, '/group/delete', { group_id: other.id })).body).toEqual({ success: true, go: '/gruplar', message: M.deleted });
      const missing = await legacy(owner.agent, '/group/delete', { group_id: other.id });
      expect(missing.body).toEqual({ success: false, error: true, message: M.groupNotFound });
    });
  });
});
