import { carriesSessionCookie, PublicReadCache, type ReadToStore } from './public-read-cache';

const read = (text: string, visitorsOnly = false): ReadToStore => ({ body: Buffer.from(text), etag: `W/"${text}"`, visitorsOnly });

/** The entry a request for `url` is answered with, or undefined when it goes on to compute it. */
function served(sut: PublicReadCache, url: string) {
  const found = sut.lookup(url);
  return found.kind === 'hit' ? found.entry : undefined;
}

describe('PublicReadCache', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a stored read by its exact URL, query included', () => {
    const sut = new PublicReadCache(10_000);

    sut.store('/api/search?q=abc', read('abc'), sut.generation);

    expect(served(sut, '/api/search?q=abc')).toMatchObject({ body: Buffer.from('abc'), etag: 'W/"abc"', visitorsOnly: false });
    expect(served(sut, '/api/search?q=ABC')).toBeUndefined();
    expect(served(sut, '/api/search')).toBeUndefined();
  });

  it('drops the answer of a read that started before clear()', () => {
    const sut = new PublicReadCache(10_000);
    const startedBefore = sut.generation;

    sut.clear();
    const stored = sut.store('/api/home', read('old catalog'), startedBefore);

    expect(stored).toBe(false);
    expect(served(sut, '/api/home')).toBeUndefined();
    expect(sut.store('/api/home', read('new catalog'), sut.generation)).toBe(true);
    expect(served(sut, '/api/home')?.body.toString()).toBe('new catalog');
  });

  it('clear() forgets every entry', () => {
    const sut = new PublicReadCache(10_000);
    sut.store('/api/home', read('a'), sut.generation);
    sut.store('/api/genres', read('b'), sut.generation);

    sut.clear();

    expect(sut.size).toBe(0);
    expect(served(sut, '/api/home')).toBeUndefined();
  });

  it('stores nothing while suspended, and starts clean when resumed', () => {
    const sut = new PublicReadCache(10_000);
    sut.store('/api/home', read('before'), sut.generation);

    sut.suspend();
    const whileSuspended = sut.store('/api/genres', read('during'), sut.generation);
    const startedWhileSuspended = sut.generation;
    sut.resume();

    expect(whileSuspended).toBe(false);
    expect(served(sut, '/api/home')).toBeUndefined();
    expect(sut.store('/api/genres', read('late'), startedWhileSuspended)).toBe(false);
    expect(sut.store('/api/genres', read('after'), sut.generation)).toBe(true);
  });

  it('lets one request refresh an expired entry while the others get the old answer, then serves the new one', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const sut = new PublicReadCache(1000);
    sut.store('/api/home', read('a'), sut.generation);

    jest.advanceTimersByTime(999);
    expect(served(sut, '/api/home')?.body.toString()).toBe('a');
    jest.advanceTimersByTime(1);
    const refresher = sut.generation;
    expect(served(sut, '/api/home')).toBeUndefined();
    expect(served(sut, '/api/home')?.body.toString()).toBe('a');
    expect(served(sut, '/api/home')?.body.toString()).toBe('a');

    sut.store('/api/home', read('b'), refresher);
    expect(served(sut, '/api/home')?.body.toString()).toBe('b');
  });

  it('drops an expired entry a whole time to live later, and one whose refresh never stored', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const sut = new PublicReadCache(1000);
    sut.store('/never-read-again', read('a'), sut.generation);
    sut.store('/refresh-fails', read('b'), sut.generation);

    jest.advanceTimersByTime(1000);
    expect(served(sut, '/refresh-fails')).toBeUndefined();
    jest.advanceTimersByTime(999);
    expect(served(sut, '/refresh-fails')?.body.toString()).toBe('b');
    jest.advanceTimersByTime(1);

    expect(served(sut, '/refresh-fails')).toBeUndefined();
    expect(served(sut, '/never-read-again')).toBeUndefined();
    expect(sut.size).toBe(0);
  });

  it('serves nothing old after clear(), expired or not', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const sut = new PublicReadCache(1000);
    sut.store('/api/home', read('a'), sut.generation);
    jest.advanceTimersByTime(1000);
    expect(served(sut, '/api/home')).toBeUndefined();

    sut.clear();

    expect(served(sut, '/api/home')).toBeUndefined();
    expect(served(sut, '/api/home')).toBeUndefined();
  });

  it('is off with a time to live of 0', () => {
    const sut = new PublicReadCache(0);

    expect(sut.enabled).toBe(false);
    expect(sut.store('/api/home', read('a'), sut.generation)).toBe(false);
    expect(served(sut, '/api/home')).toBeUndefined();
  });

  it('evicts the least recently read entry past the entry limit', () => {
    const sut = new PublicReadCache(10_000, { maxEntries: 2, maxBytes: 1000 });
    sut.store('/a', read('a'), sut.generation);
    sut.store('/b', read('b'), sut.generation);

    served(sut, '/a');
    sut.store('/c', read('c'), sut.generation);

    expect(served(sut, '/b')).toBeUndefined();
    expect(served(sut, '/a')).toBeDefined();
    expect(served(sut, '/c')).toBeDefined();
  });

  it('evicts past the byte limit, counts a replaced entry once, and never keeps a body larger than the limit', () => {
    const sut = new PublicReadCache(10_000, { maxEntries: 100, maxBytes: 10 });
    sut.store('/a', read('aaaa'), sut.generation);
    sut.store('/a', read('aaaa'), sut.generation);
    sut.store('/b', read('bbbb'), sut.generation);

    expect(sut.size).toBe(2);
    sut.store('/c', read('cccc'), sut.generation);
    expect(served(sut, '/a')).toBeUndefined();
    expect([served(sut, '/b'), served(sut, '/c')].every(Boolean)).toBe(true);

    expect(sut.store('/big', read('x'.repeat(11)), sut.generation)).toBe(false);
    expect(sut.size).toBe(2);
  });
});

describe('carriesSessionCookie', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['theme=dark', false],
    ['consid=1; sidebar=open', false],
    ['sid=abc', true],
    ['theme=dark; sid=abc', true],
    ['sid=', true],
  ])('%j → %s', (header, expected) => {
    expect(carriesSessionCookie(header)).toBe(expected);
  });
});
