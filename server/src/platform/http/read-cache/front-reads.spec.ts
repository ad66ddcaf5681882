import { frontAnswer, FrontReads, RecentAnswers } from './front-reads';
import { COMPRESSION_THRESHOLD_BYTES, weakEtag } from '../response-encoding';

const answerOf = (text: string) => frontAnswer(Buffer.from(text));

describe('frontAnswer', () => {
  it('carries the ETag the normal path gives the same body: none under the compression threshold', () => {
    const small = Buffer.from('{"titles":[]}');
    const large = Buffer.from(JSON.stringify({ titles: ['a'.repeat(COMPRESSION_THRESHOLD_BYTES)] }));
    const justUnder = Buffer.from(JSON.stringify({ t: 'a'.repeat(COMPRESSION_THRESHOLD_BYTES - 9) }));

    expect(frontAnswer(small)).toEqual({ body: small, etag: null, effort: 'stored' });
    expect(frontAnswer(large)).toEqual({ body: large, etag: weakEtag(large), effort: 'stored' });
    expect(justUnder.length).toBe(COMPRESSION_THRESHOLD_BYTES - 1);
    expect(frontAnswer(justUnder).etag).toBeNull();
  });

  it('carries how hard its copies are to be compressed', () => {
    expect(frontAnswer(Buffer.from('{}'), 'once').effort).toBe('once');
  });
});

describe('RecentAnswers', () => {
  it('keeps an answer from the third time its key is asked, and gives the same one again, compressed copies and all', () => {
    const sut = new RecentAnswers(10);
    const make = jest.fn(() => answerOf('{"a":1}'));

    const once = sut.get('a', make);
    const twice = sut.get('a', make);
    const kept = sut.get('a', make);
    kept.encoded = { br: Buffer.from('br') };
    const again = sut.get('a', make);

    expect(twice).not.toBe(once);
    expect(kept).not.toBe(twice);
    expect(again).toBe(kept);
    expect(again.encoded?.br?.toString()).toBe('br');
    expect(make).toHaveBeenCalledTimes(3);
  });

  it('keeps an answer whose body is a view of a larger buffer in memory of its own', () => {
    const sut = new RecentAnswers(10);
    const pool = Buffer.alloc(8192, ' ');
    const text = JSON.stringify({ a: 'x'.repeat(COMPRESSION_THRESHOLD_BYTES) });
    const make = () => frontAnswer(pool.subarray(100, 100 + Buffer.byteLength(text)).fill(text));

    sut.get('a', make);
    sut.get('a', make);
    const kept = sut.get('a', make);

    expect(kept.body.toString()).toBe(text);
    expect(kept.body.buffer.byteLength).toBe(kept.body.length);
    expect(kept.etag).toBe(weakEtag(Buffer.from(text)));
  });

  it('keeps at most `limit` answers, forgetting the least recently asked first', () => {
    const sut = new RecentAnswers(2);
    const made: string[] = [];
    const ask = (key: string) => sut.get(key, () => (made.push(key), answerOf(key)));

    for (const key of ['a', 'a', 'a', 'b', 'b', 'b']) ask(key);
    expect(made).toEqual(['a', 'a', 'a', 'b', 'b', 'b']);

    // Kept: 'a' and 'b'. 'c', kept at its third ask, takes the place of 'b', the least recently asked.
    ask('a');
    ask('c');
    ask('c');
    ask('c');
    ask('a');
    ask('b');

    expect(made).toEqual(['a', 'a', 'a', 'b', 'b', 'b', 'c', 'c', 'c', 'b']);
  });

  it('keeps nothing of keys asked once or twice, remembering each ask while fewer than `limit` others came after it, and none after `2 × limit`', () => {
    const sut = new RecentAnswers(2);
    const made: string[] = [];
    const ask = (key: string) => sut.get(key, () => (made.push(key), answerOf(key)));

    // 'a' asked again after one other key, and a third time after one more: kept from then on.
    for (const key of ['a', 'b', 'a', 'b', 'a', 'a']) ask(key);
    expect(made).toEqual(['a', 'b', 'a', 'b', 'a']);

    // 'c' asked again after four others (2 × limit): forgotten, asked once anew.
    made.length = 0;
    for (const key of ['c', 'd', 'e', 'f', 'g', 'c', 'c', 'c']) ask(key);
    expect(made).toEqual(['c', 'd', 'e', 'f', 'g', 'c', 'c', 'c']);
  });

  it('makes what plain lists of recent keys would make, over thousands of asks', () => {
    const limit = 5;
    const sut = new RecentAnswers(limit);
    // The same rules written the plain way: the kept keys oldest first, and the keys asked once and
    // twice, each in two generations of `limit`.
    const kept: string[] = [];
    const lately = () => {
      let current: string[] = [];
      let before: string[] = [];
      return {
        has: (key: string) => current.includes(key) || before.includes(key),
        mark: (key: string) => {
          if (current.length === limit) [before, current] = [current, []];
          current.push(key);
        },
      };
    };
    const askedOnce = lately();
    const askedTwice = lately();
    const plainlyMade = (key: string): boolean => {
      if (kept.includes(key)) {
        kept.splice(kept.indexOf(key), 1);
        kept.push(key);
        return false;
      }
      if (askedTwice.has(key)) {
        kept.push(key);
        if (kept.length > limit) kept.shift();
      } else if (askedOnce.has(key)) {
        askedTwice.mark(key);
      } else {
        askedOnce.mark(key);
      }
      return true;
    };
    let state = 7;
    const nextKey = () => {
      state = (state * 48_271) % 2_147_483_647;
      return `k${state % 12}`;
    };

    let madeCount = 0;
    for (let ask = 0; ask < 5000; ask += 1) {
      const key = nextKey();
      let made = false;
      sut.get(key, () => ((made = true), answerOf(key)));
      expect({ ask, key, made }).toEqual({ ask, key, made: plainlyMade(key) });
      if (made) madeCount += 1;
    }
    // Both ways were taken many times: answers kept and given again, and made anew.
    expect(madeCount).toBeGreaterThan(1000);
    expect(madeCount).toBeLessThan(4500);
  });

  it('remembers tens of thousands of distinct keys asked exactly as far back as promised', () => {
    const limit = 2000;
    const sut = new RecentAnswers(limit);
    const made = new Set<string>();
    const ask = (key: string) => sut.get(key, () => (made.add(key), answerOf(key)));
    const askLast = (count: number) => {
      made.clear();
      for (let at = 30_000 - count; at < 30_000; at += 1) ask(`q${at}`);
      return made.size;
    };

    for (let at = 0; at < 30_000; at += 1) ask(`q${at}`);
    // The last `limit` keys asked once are remembered: asked twice more, each is then kept.
    expect(askLast(limit)).toBe(limit);
    expect(askLast(limit)).toBe(limit);
    expect(askLast(limit)).toBe(0);
  });
});

describe('FrontReads', () => {
  it('gives the read registered for a route, and none for another route or a request that matched none', () => {
    const sut = new FrontReads();
    const read = () => null;

    const stored = () => null;

    sut.register('/api/search', read);
    sut.register('/api/titles/:kind/:slug', stored, { keptInReadCache: true });

    expect(sut.for('/api/search')).toEqual({ read, keptInReadCache: false });
    expect(sut.for('/api/titles/:kind/:slug')).toEqual({ read: stored, keptInReadCache: true });
    expect(sut.for('/api/titles')).toBeUndefined();
    expect(sut.for(undefined)).toBeUndefined();
  });

  it('refuses a route registered twice', () => {
    const sut = new FrontReads();
    sut.register('/api/search', () => null);

    expect(() => sut.register('/api/search', () => null)).toThrow('registered twice');
  });
});
