import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { storedBodyFor } from '../platform/http/response-encoding';
import { ASKED_AGAIN_MS, type PageToHold, TitlePageMemory } from './title-page-memory';

/** A page of about `episodes` × 100 bytes of JSON, as a series' page is mostly its episodes. */
function page(titleId: number, slug: string, version: string, episodes = 20): PageToHold {
  const body = JSON.stringify({
    slug,
    name: `Dizi ${titleId}`,
    seasons: [{ number: 1, episodes: Array.from({ length: episodes }, (_, at) => ({ id: titleId * 1000 + at, number: at + 1, name: `Bölüm ${at + 1}`, airAt: '2025-01-01T20:00:00.000Z' })) }],
  });
  return { titleId, kind: 'dizi', slug, version, body, etag: `W/"${titleId}-${version}"` };
}

describe('TitlePageMemory', () => {
  it('sends a held page as it was stored, with its ETag and its gzipped copy', () => {
    const sut = new TitlePageMemory(1024 * 1024);
    const held = page(1, 'bir', '3');
    expect(sut.hold(held)).toBe(true);

    const answer = sut.answer('dizi', 'bir')!;

    expect(answer.body.toString()).toBe(held.body);
    expect(answer.etag).toBe(held.etag);
    expect(gunzipSync(answer.encoded!.gzip!).toString()).toBe(held.body);
    expect(sut.bytes).toBe(answer.encoded!.gzip!.length);
    expect(sut.bytes).toBeLessThan(held.body.length / 3);
    // The bytes counted are the bytes held: the copy is no view of a larger buffer (zlib's is 16 KB).
    expect(answer.encoded!.gzip!.buffer.byteLength).toBe(sut.bytes);
    expect(sut.answer('film', 'bir')).toBeNull();
    expect(sut.answer('dizi', 'iki')).toBeNull();
  });

  it('sends a page asked once to a browser in its held gzipped copy, and makes brotli only for a page kept', () => {
    const sut = new TitlePageMemory(1024 * 1024);
    const held = page(1, 'bir', '1');
    sut.hold(held);
    const browser = 'gzip, deflate, br, zstd';
    const at = 1_000_000;

    const once = sut.answer('dizi', 'bir', at)!;
    const gzip = once.encoded!.gzip!;
    expect(storedBodyFor(once, browser)).toEqual({ body: gzip, vary: true, encoding: 'gzip' });
    // The same copy each time: nothing compressed or decompressed for it.
    expect(sut.answer('dizi', 'bir', at + ASKED_AGAIN_MS)!.encoded!.gzip).toBe(gzip);

    const kept = sut.answer('dizi', 'bir', at + ASKED_AGAIN_MS + 1_000)!;
    expect(kept).toMatchObject({ keep: true, sentOnce: false });
    const sent = storedBodyFor(kept, browser);
    expect(sent.encoding).toBe('br');
    expect(brotliDecompressSync(sent.body).toString()).toBe(held.body);
    expect(storedBodyFor(sut.answer('dizi', 'bir', at + ASKED_AGAIN_MS + 2_000)!, 'identity').body.toString()).toBe(held.body);
  });

  it('has a page kept in the read cache only when it is asked again soon', () => {
    const sut = new TitlePageMemory(1024 * 1024);
    sut.hold(page(1, 'bir', '1'));
    const at = 1_000_000;

    expect(sut.answer('dizi', 'bir', at)!.keep).toBe(false);
    expect(sut.answer('dizi', 'bir', at + 5_000)!.keep).toBe(true);
    expect(sut.answer('dizi', 'bir', at + 5_000 + ASKED_AGAIN_MS)!.keep).toBe(false);
    // Held again (its title changed): asked once more before it is kept.
    sut.hold(page(1, 'bir', '2'));
    expect(sut.answer('dizi', 'bir', at + 6_000 + ASKED_AGAIN_MS)!.keep).toBe(false);
  });

  it('remembers when each of thousands of pages was asked, and none of it for a page held in a place let go', () => {
    const sut = new TitlePageMemory(64 * 1024 * 1024);
    const count = 3000;
    for (let id = 1; id <= count; id += 1) sut.hold(page(id, `d${id}`, '1', 1));
    const at = 1_000_000;
    // Asked once, the odd ones: only those are kept when asked again soon, each by its own time.
    for (let id = 1; id <= count; id += 2) expect(sut.answer('dizi', `d${id}`, at + id)!.keep).toBe(false);
    const keptAgain = Array.from({ length: count }, (_, index) => index + 1).filter((id) => sut.answer('dizi', `d${id}`, at + id + ASKED_AGAIN_MS - 1)!.keep);
    expect(keptAgain).toEqual(Array.from({ length: count / 2 }, (_, index) => 2 * index + 1));

    // Pages let go and others held in their places: asked lately is not theirs to inherit.
    sut.reconcile(Array.from({ length: 100 }, (_, index) => ({ titleId: index + 1, version: null, ready: false })));
    for (let id = count + 1; id <= count + 100; id += 1) sut.hold(page(id, `d${id}`, '1', 1));
    for (let id = count + 1; id <= count + 100; id += 1) expect(sut.answer('dizi', `d${id}`, at + ASKED_AGAIN_MS)!.keep).toBe(false);
    expect(sut.answer('dizi', 'd101', at + ASKED_AGAIN_MS + 101)!.keep).toBe(true);

    // A title held again (its page changed) is asked once more before it is kept; so is every page after clear().
    sut.hold(page(101, 'd101', '2', 1));
    expect(sut.answer('dizi', 'd101', at + ASKED_AGAIN_MS + 102)!.keep).toBe(false);
    sut.clear();
    sut.hold(page(102, 'd102', '1', 1));
    expect(sut.answer('dizi', 'd102', at + ASKED_AGAIN_MS + 103)!.keep).toBe(false);
    expect(sut.answer('dizi', 'd102', at + ASKED_AGAIN_MS + 104)!.keep).toBe(true);
  });

  it('holds a page too short to be sent compressed as it is', () => {
    const sut = new TitlePageMemory(1024 * 1024);
    const short = page(2, 'kisa', '1', 0);
    sut.hold(short);

    const answer = sut.answer('dizi', 'kisa')!;

    expect(answer.body.toString()).toBe(short.body);
    expect(answer.encoded).toBeUndefined();
    expect(sut.bytes).toBe(Buffer.byteLength(short.body));
  });

  it('lets go of the pages whose title changed or is gone, and names the stored ones it does not hold', () => {
    // The changes are what PostgreSQL found different from held() (TitlePages' check).
    const sut = new TitlePageMemory(1024 * 1024);
    sut.hold(page(1, 'bir', '1'));
    sut.hold(page(2, 'iki', '1'));
    sut.hold(page(3, 'uc', '1'));

    expect(sut.held()).toEqual({ titleIds: '{1,2,3}', versions: '{1,1,1}' });

    const toHold = sut.reconcile([
      { titleId: 2, version: '2', ready: false },
      { titleId: 3, version: null, ready: false },
      { titleId: 4, version: '1', ready: true },
    ]);

    expect(toHold).toEqual([4]);
    expect(sut.held()).toEqual({ titleIds: '{1}', versions: '{1}' });
    expect(sut.answer('dizi', 'bir')).not.toBeNull();
    expect(sut.answer('dizi', 'iki')).toBeNull();
    expect(sut.answer('dizi', 'uc')).toBeNull();
    expect(sut.size).toBe(1);
    expect(sut.holds(1, '1')).toBe(true);
  });

  it('a renamed title is found at its new address only, and an address taken over shows the new title', () => {
    const sut = new TitlePageMemory(1024 * 1024);
    sut.hold(page(1, 'eski-ad', '1'));
    sut.hold(page(1, 'yeni-ad', '2'));
    expect(sut.answer('dizi', 'eski-ad')).toBeNull();
    expect(sut.answer('dizi', 'yeni-ad')!.etag).toBe('W/"1-2"');

    sut.hold(page(2, 'yeni-ad', '1'));

    expect(sut.answer('dizi', 'yeni-ad')!.etag).toBe('W/"2-1"');
    expect(sut.size).toBe(1);
  });

  it('tells apart two titles of the same slug and another kind, and finds a title under its new kind only', () => {
    const sut = new TitlePageMemory(1024 * 1024);
    sut.hold(page(1, 'ayni-ad', '1'));
    sut.hold({ ...page(2, 'ayni-ad', '1'), kind: 'film' });

    expect(sut.answer('dizi', 'ayni-ad')!.etag).toBe('W/"1-1"');
    expect(sut.answer('film', 'ayni-ad')!.etag).toBe('W/"2-1"');
    expect(sut.size).toBe(2);

    // Title 1 is an anime now: its page is held at its new address, and the film's stays.
    sut.hold({ ...page(1, 'ayni-ad', '2'), kind: 'anime' });

    expect(sut.answer('dizi', 'ayni-ad')).toBeNull();
    expect(sut.answer('anime', 'ayni-ad')!.etag).toBe('W/"1-2"');
    expect(sut.answer('film', 'ayni-ad')!.etag).toBe('W/"2-1"');
    expect(sut.size).toBe(2);
  });

  it('holds no more than its limit, and counts the bytes of what it lets go', () => {
    const one = new TitlePageMemory(1024 * 1024);
    one.hold(page(1, 'bir', '1'));
    const size = one.bytes;
    const sut = new TitlePageMemory(size * 2 + size / 2);

    expect([1, 2, 3].map((id) => sut.hold(page(id, `d${id}`, '1')))).toEqual([true, true, false]);
    expect(sut.answer('dizi', 'd3')).toBeNull();
    expect(sut.full).toBe(true);
    sut.reconcile([{ titleId: 1, version: null, ready: false }]);
    expect(sut.full).toBe(false);
    expect(sut.bytes).toBe(sut.answer('dizi', 'd2')!.encoded!.gzip!.length);
    expect(sut.answer('dizi', 'd1')).toBeNull();
    expect(sut.hold(page(3, 'd3', '1'))).toBe(true);
    sut.clear();
    expect({ size: sut.size, bytes: sut.bytes }).toEqual({ size: 0, bytes: 0 });
  });

  it('moves its revision on with every change to what it holds or to whether it is full, and with nothing else', () => {
    const one = new TitlePageMemory(1024 * 1024);
    one.hold(page(1, 'bir', '1'));
    const sut = new TitlePageMemory(one.bytes * 2 + one.bytes / 2);
    const revisions = [sut.revision];
    const moved = () => {
      expect(revisions).not.toContain(sut.revision);
      revisions.push(sut.revision);
    };
    const still = () => expect(sut.revision).toBe(revisions.at(-1));

    sut.hold(page(1, 'bir', '1'));
    moved();
    sut.hold(page(2, 'iki', '1'));
    moved();
    sut.answer('dizi', 'bir');
    sut.held();
    expect(sut.reconcile([{ titleId: 5, version: '1', ready: true }])).toEqual([5]);
    still();
    expect(sut.hold(page(3, 'uc', '1'))).toBe(false);
    moved();
    sut.reconcile([{ titleId: 1, version: '2', ready: false }]);
    moved();
    sut.clear();
    moved();
  });
});
