import { frontAnswer, FrontReads, RecentAnswers } from './front-reads';
import { weakEtag } from '../response-encoding';

const answerOf = (text: string) => frontAnswer(Buffer.from(text));

describe('frontAnswer', () => {
  it('carries the ETag the normal path gives the same body', () => {
    const body = Buffer.from('{"titles":[]}');

    expect(frontAnswer(body)).toEqual({ body, etag: weakEtag(body) });
  });
});

describe('RecentAnswers', () => {
  it('makes an answer once and gives the same one again, compressed copies and all', () => {
    const sut = new RecentAnswers(10);
    const make = jest.fn(() => answerOf('{"a":1}'));

    const first = sut.get('a', make);
    first.encoded = { br: Buffer.from('br') };
    const again = sut.get('a', make);

    expect(again).toBe(first);
    expect(again.encoded?.br?.toString()).toBe('br');
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('keeps at most `limit` answers, forgetting the least recently asked first', () => {
    const sut = new RecentAnswers(2);
    const made: string[] = [];
    const ask = (key: string) => sut.get(key, () => (made.push(key), answerOf(key)));

    ask('a');
    ask('b');
    ask('a');
    ask('c');
    ask('a');
    ask('b');

    expect(made).toEqual(['a', 'b', 'c', 'b']);
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
