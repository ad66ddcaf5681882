import { frontAnswer, FrontReads, RecentAnswers } from './front-reads';
import { weakEtag } from '../response-encoding';

const answerOf = (text: string) => frontAnswer(Buffer.from(text));

describe('frontAnswer', () => {
  it('carries the ETag the normal path gives the same body', () => {
    const body = Buffer.from('{"titles":[]}');

    expect(frontAnswer(body)).toEqual({ body, etag: weakEtag(body), effort: 'stored' });
  });

  it('carries how hard its copies are to be compressed', () => {
    expect(frontAnswer(Buffer.from('{}'), 'once').effort).toBe('once');
  });
});

describe('RecentAnswers', () => {
  it('keeps an answer from the second time its key is asked, and gives the same one again, compressed copies and all', () => {
    const sut = new RecentAnswers(10);
    const make = jest.fn(() => answerOf('{"a":1}'));

    const once = sut.get('a', make);
    const kept = sut.get('a', make);
    kept.encoded = { br: Buffer.from('br') };
    const again = sut.get('a', make);

    expect(kept).not.toBe(once);
    expect(again).toBe(kept);
    expect(again.encoded?.br?.toString()).toBe('br');
    expect(make).toHaveBeenCalledTimes(2);
  });

  it('keeps at most `limit` answers, forgetting the least recently asked first', () => {
    const sut = new RecentAnswers(2);
    const made: string[] = [];
    const ask = (key: string) => sut.get(key, () => (made.push(key), answerOf(key)));

    for (const key of ['a', 'a', 'b', 'b']) ask(key);
    expect(made).toEqual(['a', 'a', 'b', 'b']);

    ask('a');
    ask('c');
    ask('c');
    ask('a');
    ask('b');

    expect(made).toEqual(['a', 'a', 'b', 'b', 'c', 'c', 'b']);
  });

  it('keeps nothing of keys asked once, and forgets the oldest of them past `limit`', () => {
    const sut = new RecentAnswers(2);
    const made: string[] = [];
    const ask = (key: string) => sut.get(key, () => (made.push(key), answerOf(key)));

    for (const key of ['a', 'b', 'c', 'a', 'c', 'c']) ask(key);

    // 'a' was forgotten when 'c' came (two keys asked once at most): asked again, it is asked once anew.
    expect(made).toEqual(['a', 'b', 'c', 'a', 'c']);
  });

  it('makes what a plain list of recent keys would make, over thousands of asks', () => {
    const limit = 5;
    const sut = new RecentAnswers(limit);
    // The same rules written the plain way: arrays, oldest first.
    const kept: string[] = [];
    const askedOnce: string[] = [];
    const plainlyMade = (key: string): boolean => {
      if (kept.includes(key)) {
        kept.splice(kept.indexOf(key), 1);
        kept.push(key);
        return false;
      }
      if (askedOnce.includes(key)) {
        askedOnce.splice(askedOnce.indexOf(key), 1);
        kept.push(key);
        if (kept.length > limit) kept.shift();
      } else {
        askedOnce.push(key);
        if (askedOnce.length > limit) askedOnce.shift();
      }
      return true;
    };
    let state = 7;
    const nextKey = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return `k${state % 12}`;
    };

    for (let ask = 0; ask < 5000; ask += 1) {
      const key = nextKey();
      let made = false;
      sut.get(key, () => ((made = true), answerOf(key)));
      expect({ ask, key, made }).toEqual({ ask, key, made: plainlyMade(key) });
    }
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
