import {
  FLOW_MESSAGES as M,
  FLOW_RULES,
  MESSAGES,
  POLL_MESSAGES,
  SEND_KEY_MESSAGES,
  rooms,
  type FlowPage,
  type FlowPost,
  type FlowPostReply,
} from '@seyirlik/shared-contracts';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import type { FlowPostedEvent } from '../../src/flow/flow-events';
import { DomainEvents } from '../../src/platform/events/domain-events';
import { JOB_QUEUE, type JobQueue } from '../../src/platform/jobs/job-queue';
import { buildPng, buildTruncatedJpeg } from '../factories/images';
import { insertGroup } from '../factories/groups';
import { visitorAgent } from '../factories/members';
import { signedInMember, type MemberAgent, type SignedInMember } from '../factories/rooms';
import { collect, connectSocket, eventually, type RoomSocket } from '../harness/room-client';
import { TEST_REDIS_URL } from '../support/services';
import { startTestApp, type TestApp } from '../support/test-app';

type Agent = MemberAgent | ReturnType<typeof visitorAgent>;

describe('flow posts', () => {
  let sut: TestApp;
  let db: DataSource;
  let alice: SignedInMember;
  let bob: SignedInMember;
  let png: Buffer;
  let pixelFlood: Buffer;
  let truncated: Buffer;
  const posted: FlowPostedEvent[] = [];
  const sockets: RoomSocket[] = [];

  /** Everything a flow write could change. */
  const snapshot = async () =>
    (
      await db.query(`SELECT (SELECT count(*) FROM flow_post)::int AS posts,
                             (SELECT coalesce(string_agg(id || ':' || body || ':' || coalesce(edited_at::text, '-'), ',' ORDER BY id), '') FROM flow_post) AS bodies,
                             (SELECT count(*) FROM flow_post_image)::int AS images,
                             (SELECT count(*) FROM media_upload)::int AS uploads,
                             (SELECT count(*) FROM media_file)::int AS files,
                             (SELECT count(*) FROM outbox_message WHERE name = 'flow.posted')::int AS events`)
    )[0] as Record<string, number | string>;

  /** Waits until no photo is waiting for its job, so a snapshot sees only what a request changes. */
  const settled = () =>
    eventually(async () => (await db.query('SELECT count(*)::int AS n FROM media_upload'))[0].n as number, (pending) => pending === 0);

  const legacy = (agent: Agent, path: string, fields: Record<string, string | number>) => agent.post(path).type('form').send(fields);

  /** A multipart legacy call: fields, and photos as `photo[]`. */
  const legacyMultipart = (agent: Agent, path: string, fields: Record<string, string | number>, photos: Buffer[] = []) => {
    let call = agent.post(path);
    for (const [name, value] of Object.entries(fields)) call = call.field(name, String(value));
    photos.forEach((photo, index) => (call = call.attach('photo[]', photo, `foto-${index}.png`)));
    return call;
  };

  /** A post through the JSON API with photos as `photos`. */
  const createPost = (agent: Agent, text: string, photos: Buffer[] = []) => {
    let call = agent.post('/api/flow/posts').field('text', text);
    photos.forEach((photo, index) => (call = call.attach('photos', photo, `foto-${index}.png`)));
    return call;
  };

  const postOf = async (member: SignedInMember, text: string, photos: Buffer[] = []): Promise<FlowPost> => {
    const response = await createPost(member.agent, text, photos);
    if (response.status !== 201) throw new Error(`post failed: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as FlowPostReply).post;
  };

  const readyPost = (id: number) =>
    eventually(
      async () => (await visitorAgent(sut.baseUrl).get(`/api/flow/posts/${id}`)).body as FlowPost,
      (post) => post.images.every((image) => image.url !== null),
    );

  const flowSocket = async (cookie?: string) => {
    const socket = await connectSocket(sut.baseUrl, cookie);
    sockets.push(socket);
    expect(await socket.timeout(5000).emitWithAck('room.join', { room: rooms.flow })).toEqual({ ok: true });
    return socket;
  };

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true', REDIS_URL: TEST_REDIS_URL });
    db = sut.server.app.get(DataSource);
    [alice, bob] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
    [png, pixelFlood, truncated] = await Promise.all([buildPng(800, 600), buildPng(8000, 6000), buildTruncatedJpeg()]);
    sut.server.app.get(DomainEvents).subscribe('flow.posted', 'test.flow', (event) => void posted.push(event));
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await sut.close();
  });

  describe('authentication', () => {
    it('requires authentication for every write, JSON (401) and legacy (session flag), changing nothing', async () => {
      const own = await postOf(alice, 'Ziyaretçiler bunu değiştiremez.', [png]);
      await readyPost(own.id);
      const before = await snapshot();
      const visitor = visitorAgent(sut.baseUrl);
      const json = await Promise.all([
        createPost(visitor, 'Merhaba'),
        visitor.patch(`/api/flow/posts/${own.id}`).field('text', 'Değişti'),
        visitor.delete(`/api/flow/posts/${own.id}`),
        visitor.delete(`/api/flow/images/${own.images[0]!.id}`),
        visitor.get('/api/flow?me=1'),
      ]);
      for (const response of json) expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: { statusCode: 401, message: MESSAGES.loginRequired } });
      const old = await Promise.all([
        legacyMultipart(visitor, '/set/flow/post', { type: 'post', message: 'Merhaba' }, [png]),
        legacy(visitor, '/get/flow/post', { flow_id: own.id }),
        legacyMultipart(visitor, '/edit/flow/post', { flow_id: own.id, post: 'Değişti' }),
        legacy(visitor, '/delete/flow/post/image', { image_id: own.images[0]!.id }),
        legacy(visitor, '/akis/1', { page: 1, me: 1 }),
      ]);
      for (const response of old) expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('posting', () => {
    it('posts text with two photos, publishes flow.posted, then processes the photos without metadata and pushes them live', async () => {
      const visitorSocket = await flowSocket();
      const created = collect(visitorSocket, 'flow.postCreated');
      const changed = collect(visitorSocket, 'flow.postChanged');

      const response = await createPost(alice.agent, '  İlk satır\nikinci satır  ', [png, await buildPng(300, 500)]);

      expect(response.status).toBe(201);
      const { post, message } = response.body as FlowPostReply;
      expect(message).toBe(M.posted);
      expect(post).toMatchObject({
        author: { id: alice.userId, username: alice.username, profileName: alice.username, avatarUrl: null },
        body: 'İlk satır\nikinci satır',
        kind: 'post',
        editedAt: null,
        mine: true,
        poll: null,
        reactions: { total: 0, mine: null },
      });
      expect(post.images).toHaveLength(2);
      const [outbox] = await db.query("SELECT payload FROM outbox_message WHERE name = 'flow.posted' AND (payload->>'postId')::bigint = $1", [post.id]);
      expect(outbox.payload).toEqual({ postId: post.id, authorId: alice.userId, groupId: null });
      expect(await eventually(() => posted.find((event) => event.postId === post.id), Boolean)).toEqual(outbox.payload);

      const pushed = await eventually(() => created.find((item) => item.id === post.id), Boolean);
      expect(pushed).toMatchObject({ id: post.id, body: post.body, mine: false });

      const ready = await readyPost(post.id);
      expect(ready.images.map(({ width, height }) => [width, height])).toEqual([
        [800, 600],
        [300, 500],
      ]);
      const live = await eventually(
        () => changed.filter((item) => item.id === post.id).at(-1),
        (item) => item !== undefined && item.images.every((image) => image.url !== null),
      );
      expect(live!.images).toEqual(ready.images);
      for (const image of ready.images) {
        const served = await visitorAgent(sut.baseUrl).get(image.url!).buffer(true);
        expect(served.status).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        const metadata = await sharp(served.body as Buffer).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.exif).toBeUndefined();
      }
      expect((await db.query('SELECT count(*)::int AS n FROM flow_post_image WHERE post_id = $1 AND upload_id IS NOT NULL', [post.id]))[0].n).toBe(0);
    });

    it('takes a photo its job cannot decode off the post and pushes the post, leaving no placeholder for ever', async () => {
      const post = await postOf(alice, 'Bozuk fotoğraflı gönderi');
      const socket = await flowSocket();
      const changed = collect(socket, 'flow.postChanged');
      const uploadId = randomUUID();
      await db.query('INSERT INTO media_upload (id, owner_id, bytes) VALUES ($1, $2, $3)', [uploadId, alice.userId, Buffer.from('fotoğraf değil')]);
      const [image] = await db.query('INSERT INTO flow_post_image (post_id, position, upload_id) VALUES ($1, 0, $2) RETURNING id', [post.id, uploadId]);
      expect((await visitorAgent(sut.baseUrl).get(`/api/flow/posts/${post.id}`)).body.images).toEqual([{ id: Number(image.id), url: null, width: null, height: null }]);

      await sut.server.app.get<JobQueue>(JOB_QUEUE).enqueue('flow.photo', { imageId: Number(image.id), uploadId, mediaId: randomUUID() });

      const pushed = await eventually(() => changed.find((item) => item.id === post.id), Boolean);
      expect(pushed!.images).toEqual([]);
      expect((await visitorAgent(sut.baseUrl).get(`/api/flow/posts/${post.id}`)).body.images).toEqual([]);
      expect((await db.query('SELECT count(*)::int AS n FROM media_upload WHERE id = $1', [uploadId]))[0].n).toBe(0);
    });

    it('posts through the legacy call with photo[] and answers the post escaped with its line breaks', async () => {
      const response = await legacyMultipart(alice.agent, '/set/flow/post', { type: 'post', message: '<script>alert(1)</script>\n& "tırnak"' }, [png]);

      expect(response.body).toEqual({ success: true, theme: expect.any(String), message: M.posted, id: expect.any(Number) });
      const theme = response.body.theme as string;
      expect(theme).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br/>&amp; &quot;tırnak&quot;');
      expect(theme).not.toContain('<script>');
      expect(theme).toContain(`data-id="${response.body.id}"`);
      expect(theme).toContain(M.photoProcessing);
      const [row] = await db.query('SELECT body, kind, group_id FROM flow_post WHERE id = $1', [response.body.id]);
      expect(row).toEqual({ body: '<script>alert(1)</script>\n& "tırnak"', kind: 'post', group_id: null });
    });

    it('posts a poll through the legacy call with questOrTitle and questAnswer', async () => {
      const response = await legacy(alice.agent, '/set/flow/post', {
        type: 'poll',
        questOrTitle: 'Hangi dizi?',
        questAnswer: JSON.stringify([{ value: 'Birinci' }, { value: 'İkinci' }]),
      });

      expect(response.body).toMatchObject({ success: true, message: M.posted });
      const post = (await alice.agent.get(`/api/flow/posts/${response.body.id}`)).body as FlowPost;
      expect(post).toMatchObject({ kind: 'poll', body: '', images: [] });
      expect(post.poll).toMatchObject({ question: 'Hangi dizi?', options: [{ label: 'Birinci' }, { label: 'İkinci' }] });
      expect(response.body.theme).toContain('Hangi dizi?');
    });

    it('posts a poll through the JSON API, rendered with its poll and pushed like any post', async () => {
      const socket = await flowSocket();
      const created = collect(socket, 'flow.postCreated');

      const response = await bob.agent
        .post('/api/flow/posts')
        .field('kind', 'poll')
        .field('question', 'Akşam ne izleyelim?')
        .field('answers', JSON.stringify([{ value: 'Dizi' }, { value: 'Film' }, { value: 'Anime' }]));

      expect(response.status).toBe(201);
      const { post } = response.body as FlowPostReply;
      expect(post).toMatchObject({ kind: 'poll', body: '', mine: true, poll: { question: 'Akşam ne izleyelim?', myOptionId: null, total: 0 } });
      expect(post.poll!.options.map((option) => option.label)).toEqual(['Dizi', 'Film', 'Anime']);
      expect(await eventually(() => created.find((item) => item.id === post.id), Boolean)).toMatchObject({ kind: 'poll', mine: false });
    });

    it('stores a post once per send key: a retry answers the stored post, another text under the key is refused', async () => {
      await settled();
      const key = 'akis-anahtari-0001';
      const first = await createPost(alice.agent, 'Bir kez kaydedilir', [png]).field('clientKey', key);
      await settled();
      const before = await snapshot();

      const retry = await createPost(alice.agent, 'Bir kez kaydedilir', [png]).field('clientKey', key);
      const legacyRetry = await legacyMultipart(alice.agent, '/set/flow/post', { type: 'post', message: 'Bir kez kaydedilir', client_key: key });
      const other = await createPost(alice.agent, 'Başka bir metin').field('clientKey', key);
      const malformed = await createPost(alice.agent, 'Metin').field('clientKey', 'kısa');

      expect(first.status).toBe(201);
      expect(retry.status).toBe(201);
      expect((retry.body as FlowPostReply).post.id).toBe((first.body as FlowPostReply).post.id);
      expect(legacyRetry.body).toMatchObject({ success: true, id: (first.body as FlowPostReply).post.id });
      expect({ status: other.status, message: other.body.message }).toEqual({ status: 409, message: SEND_KEY_MESSAGES.reused });
      expect({ status: malformed.status, message: malformed.body.message }).toEqual({ status: 400, message: SEND_KEY_MESSAGES.invalid });
      expect(await snapshot()).toEqual(before);
    });

    const tooLong = 'a'.repeat(FLOW_RULES.textMaxLength + 1);
    it.each([
      ['an empty text', '', () => [], M.textRequired],
      ['a text of spaces and line breaks', '  \n \n ', () => [], M.textRequired],
      ['a text over the limit', tooLong, () => [], M.textTooLong],
      ['a text file named like a photo', 'Metin', () => [Buffer.from('bu bir metin dosyasıdır, fotoğraf değil')], M.photoNotImage],
      ['an empty photo', 'Metin', () => [Buffer.alloc(0)], M.photoEmpty],
      ['a photo over 5 MB', 'Metin', () => [Buffer.concat([png, Buffer.alloc(FLOW_RULES.photoMaxBytes)])], M.photoTooLarge],
      ['five photos', 'Metin', () => [png, png, png, png, png], M.tooManyPhotos],
      ['a pixel flood of 48 megapixels', 'Metin', () => [pixelFlood], M.photoTooManyPixels],
      ['a truncated JPEG', 'Metin', () => [truncated], M.photoUnreadable],
    ])('refuses %s, JSON and legacy, changing nothing', async (_case, text, photos, message) => {
      await settled();
      const before = await snapshot();
      const json = await createPost(alice.agent, text, photos());
      const old = await legacyMultipart(alice.agent, '/set/flow/post', { type: 'post', message: text }, photos());

      expect({ status: json.status, body: json.body }).toEqual({ status: 400, body: { statusCode: 400, message } });
      expect(old.body).toMatchObject({ success: false, message });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a poll with one answer, or with photos, changing nothing', async () => {
      await settled();
      const before = await snapshot();
      const one = await legacy(alice.agent, '/set/flow/post', { type: 'poll', questOrTitle: 'Soru?', questAnswer: JSON.stringify([{ value: 'Tek' }]) });
      const withPhotos = await legacyMultipart(
        alice.agent,
        '/set/flow/post',
        { type: 'poll', questOrTitle: 'Soru?', questAnswer: JSON.stringify([{ value: 'Bir' }, { value: 'İki' }]) },
        [png],
      );
      const unknownType = await legacy(alice.agent, '/set/flow/post', { type: 'video', message: 'Merhaba' });

      expect(one.body).toMatchObject({ success: false, message: POLL_MESSAGES.minTwoAnswers });
      expect(withPhotos.body).toMatchObject({ success: false, message: M.pollWithPhotos });
      expect(unknownType.body).toMatchObject({ success: false, message: M.typeInvalid });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('listing', () => {
    it('lists the public flow newest first, a member\'s own posts with me, and leaves group posts out', async () => {
      const bobs = await postOf(bob, 'Bob yazdı.');
      const hidden = await insertGroup(db, bob.userId, { private: true });
      const [group] = await db.query("INSERT INTO flow_post (author_id, group_id, kind, body) VALUES ($1, $2, 'post', 'Grup gönderisi') RETURNING id", [bob.userId, hidden]);

      const all = (await visitorAgent(sut.baseUrl).get('/api/flow')).body as FlowPage;
      const mine = (await bob.agent.get('/api/flow?me=1')).body as FlowPage;

      expect(all.page).toBe(1);
      expect(all.posts[0]).toMatchObject({ id: bobs.id, mine: false });
      const ids = all.posts.map((post) => post.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(ids).not.toContain(Number(group.id));
      const bobsPublic = (await db.query('SELECT id FROM flow_post WHERE author_id = $1 AND group_id IS NULL ORDER BY id DESC', [bob.userId])).map(
        (row: { id: string }) => Number(row.id),
      );
      expect(mine.posts.map((post) => post.id)).toEqual(bobsPublic);
      expect(bobsPublic[0]).toBe(bobs.id);
      expect(mine.posts.every((post) => post.mine && post.author.id === bob.userId)).toBe(true);
      expect((await visitorAgent(sut.baseUrl).get(`/api/flow/posts/${group.id}`)).status).toBe(404);
      await db.query('DELETE FROM flow_post WHERE id = $1', [group.id]);
    });

    it('pages the flow: JSON with hasMore, legacy /akis/{page} with count and theme, and the end with the seed\'s text', async () => {
      const [{ total }] = await db.query('SELECT count(*)::int AS total FROM flow_post WHERE group_id IS NULL');
      for (let index = total; index <= FLOW_RULES.pageSize; index += 1) await postOf(bob, `Doldurma ${index}`);
      const [{ count }] = await db.query('SELECT count(*)::int AS count FROM flow_post WHERE group_id IS NULL');

      const first = (await visitorAgent(sut.baseUrl).get('/api/flow?page=1')).body as FlowPage;
      const second = (await visitorAgent(sut.baseUrl).get('/api/flow?page=2')).body as FlowPage;
      const legacyFirst = await legacy(visitorAgent(sut.baseUrl), '/akis/1', { page: 1 });
      const legacySecond = await legacy(visitorAgent(sut.baseUrl), '/akis/2', {});
      const past = await legacy(visitorAgent(sut.baseUrl), '/akis/9', { page: 9 });
      const bad = await visitorAgent(sut.baseUrl).get('/api/flow?page=0x1');

      expect(first.posts).toHaveLength(FLOW_RULES.pageSize);
      expect(first.hasMore).toBe(true);
      expect(second.posts).toHaveLength(count - FLOW_RULES.pageSize);
      expect(second.posts[0]!.id).toBeLessThan(first.posts.at(-1)!.id);
      expect(legacyFirst.body).toEqual({ success: true, count: FLOW_RULES.pageSize, theme: expect.stringContaining(`data-id="${first.posts[0]!.id}"`) });
      expect(legacySecond.body).toMatchObject({ success: true, count: count - FLOW_RULES.pageSize });
      expect(past.body).toEqual({ success: false, count: 0, theme: '', message: MESSAGES.noMoreContent });
      expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message: M.pageInvalid });
    });
  });

  describe('editing and deleting', () => {
    it('answers the author the edit form of a post, escaped, and refuses anyone else and unknown ids', async () => {
      const post = await postOf(alice, 'Düzenlenecek <b>metin</b>', [png]);
      const own = await legacy(alice.agent, '/get/flow/post', { flow_id: post.id });
      const other = await legacy(bob.agent, '/get/flow/post', { flow_id: post.id });
      const unknown = await legacy(alice.agent, '/get/flow/post', { flow_id: 2_000_000_000 });
      const malformed = await legacy(alice.agent, '/get/flow/post', { flow_id: 'abc' });

      expect(own.body).toEqual({ success: true, theme: expect.stringContaining('name="flow_id" value="' + post.id + '"') });
      expect(own.body.theme).toContain('Düzenlenecek &lt;b&gt;metin&lt;/b&gt;</textarea>');
      expect(own.body.theme).toContain(`data-image-id="${post.images[0]!.id}"`);
      expect(other.body).toMatchObject({ success: false, message: M.editForbidden });
      expect(unknown.body).toMatchObject({ success: false, message: M.postNotFound });
      expect(malformed.body).toMatchObject({ success: false, message: M.postIdInvalid });
    });

    it('lets the author edit the text and add photos (JSON and legacy), pushing the change', async () => {
      const post = await postOf(alice, 'Eski metin', [png]);
      const socket = await flowSocket(bob.cookie);
      const changed = collect(socket, 'flow.postChanged');

      const legacyEdit = await legacyMultipart(alice.agent, '/edit/flow/post', { flow_id: post.id, post: 'Yeni metin\nikinci satır' }, [png]);
      const jsonEdit = await alice.agent.patch(`/api/flow/posts/${post.id}`).field('text', 'En yeni metin').attach('photos', png, 'ek.png');

      expect(legacyEdit.body).toEqual({ success: true, theme: expect.stringContaining('Yeni metin<br/>ikinci satır'), message: M.edited });
      expect(jsonEdit.status).toBe(200);
      const edited = (jsonEdit.body as FlowPostReply).post;
      expect(edited).toMatchObject({ id: post.id, body: 'En yeni metin', mine: true, editedAt: expect.any(String) });
      expect(edited.images).toHaveLength(3);
      expect(edited.images[0]!.id).toBe(post.images[0]!.id);
      await eventually(() => changed.filter((item) => item.id === post.id && item.body === 'En yeni metin'), (items) => items.length > 0);
      const ready = await readyPost(post.id);
      expect(ready.images.every((image) => image.url !== null)).toBe(true);
    });

    it('refuses an edit by another member, of an unknown post, without text or beyond four photos, changing nothing', async () => {
      const post = await postOf(alice, 'Kimse değiştiremez', [png, png]);
      await settled();
      const before = await snapshot();

      const cases = await Promise.all([
        legacyMultipart(bob.agent, '/edit/flow/post', { flow_id: post.id, post: 'Bob değiştirdi' }),
        legacyMultipart(alice.agent, '/edit/flow/post', { flow_id: 2_000_000_000, post: 'Metin' }),
        legacyMultipart(alice.agent, '/edit/flow/post', { post: 'Metin' }),
        legacyMultipart(alice.agent, '/edit/flow/post', { flow_id: post.id, post: '   ' }),
        legacyMultipart(alice.agent, '/edit/flow/post', { flow_id: post.id, post: 'Metin' }, [png, png, png]),
        legacyMultipart(alice.agent, '/edit/flow/post', { flow_id: post.id, post: 'Metin' }, [Buffer.from('metin')]),
      ]);
      const json = await bob.agent.patch(`/api/flow/posts/${post.id}`).field('text', 'Bob değiştirdi');

      expect(cases.map((response) => response.body.message)).toEqual([
        M.editForbidden,
        M.postNotFound,
        M.postIdInvalid,
        M.textRequired,
        M.tooManyPhotos,
        M.photoNotImage,
      ]);
      for (const response of cases) expect(response.body.success).toBe(false);
      expect({ status: json.status, message: json.body.message }).toEqual({ status: 403, message: M.editForbidden });
      expect(await snapshot()).toEqual(before);
    });

    it('lets only the author remove a photo, with its stored file', async () => {
      const post = await postOf(alice, 'İki fotoğraf', [png, png]);
      const ready = await readyPost(post.id);
      const [removed, kept] = ready.images;
      const before = await snapshot();

      const byBob = await legacy(bob.agent, '/delete/flow/post/image', { image_id: removed!.id });
      const byBobJson = await bob.agent.delete(`/api/flow/images/${removed!.id}`);
      const unknown = await legacy(alice.agent, '/delete/flow/post/image', { image_id: 2_000_000_000 });
      expect(byBob.body).toMatchObject({ success: false, message: M.imageDeleteForbidden });
      expect({ status: byBobJson.status, message: byBobJson.body.message }).toEqual({ status: 403, message: M.imageDeleteForbidden });
      expect(unknown.body).toMatchObject({ success: false, message: M.imageNotFound });
      expect(await snapshot()).toEqual(before);

      const response = await legacy(alice.agent, '/delete/flow/post/image', { image_id: removed!.id });

      expect(response.body).toEqual({ success: true, theme: expect.stringContaining(`data-image-id="${kept!.id}"`), message: M.imageDeleted });
      expect(response.body.theme).not.toContain(`data-image-id="${removed!.id}"`);
      const after = (await alice.agent.get(`/api/flow/posts/${post.id}`)).body as FlowPost;
      expect(after.images.map((image) => image.id)).toEqual([kept!.id]);
      expect(after.editedAt).not.toBeNull();
      expect((await visitorAgent(sut.baseUrl).get(removed!.url!)).status).toBe(404);
      const json = await alice.agent.delete(`/api/flow/images/${kept!.id}`);
      expect(json.status).toBe(200);
      expect((json.body as FlowPostReply).post.images).toEqual([]);
    });

    it('lets only the author delete a post, with its photos, pushing the deletion', async () => {
      const post = await postOf(alice, 'Silinecek', [png]);
      const ready = await readyPost(post.id);
      const socket = await flowSocket();
      const deleted = collect(socket, 'flow.postDeleted');
      const before = await snapshot();

      const byBob = await bob.agent.delete(`/api/flow/posts/${post.id}`);
      const unknown = await alice.agent.delete('/api/flow/posts/2000000000');
      const malformed = await alice.agent.delete('/api/flow/posts/abc');
      expect({ status: byBob.status, message: byBob.body.message }).toEqual({ status: 403, message: M.deleteForbidden });
      expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 404, message: M.postNotFound });
      expect({ status: malformed.status, message: malformed.body.message }).toEqual({ status: 400, message: M.postIdInvalid });
      expect(await snapshot()).toEqual(before);

      const response = await alice.agent.delete(`/api/flow/posts/${post.id}`);

      expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { message: M.deleted } });
      expect((await alice.agent.get(`/api/flow/posts/${post.id}`)).status).toBe(404);
      expect((await visitorAgent(sut.baseUrl).get(ready.images[0]!.url!)).status).toBe(404);
      expect(await eventually(() => deleted, (items) => items.some((item) => item.id === post.id))).toContainEqual({ id: post.id });
    });
  });

  // Last: the flood's 30 posts would fill the pages the listing tests count.
  describe('flooding', () => {
    it('refuses a member past the posting limit in Turkish, before decoding a photo, storing nothing', async () => {
      const flooder = await signedInMember(sut.baseUrl);
      const limit = FLOW_RULES.postRateLimit.points;
      for (let index = 0; index < limit; index += 1) await postOf(flooder, `Gönderi ${index}`);
      const before = await snapshot();

      const refused = await createPost(flooder.agent, 'Bir tane daha', [png]);
      const legacyRefused = await legacy(flooder.agent, '/set/flow/post', { type: 'post', message: 'Eski yoldan' });

      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 429, message: MESSAGES.tooManyRequests });
      expect(legacyRefused.body).toMatchObject({ success: false, message: MESSAGES.tooManyRequests });
      expect(await snapshot()).toEqual(before);
      // Another member posts as before.
      expect((await createPost(bob.agent, 'Ben yazabilirim')).status).toBe(201);
    });
  });
});
