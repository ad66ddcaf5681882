import { DISCOVER_MESSAGES as M, decodeDiscoverFilter, searchQuerySchema } from './discover';
import { EMPTY_DISCOVER_FILTER, encodeDiscoverFilter } from './discover-address';
import { SEARCH_MESSAGES } from './search';

const base64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('discover filter codec', () => {
  it('encodes the empty filter as the seed does', () => {
    expect(encodeDiscoverFilter({})).toBe('W10=');
    expect(encodeDiscoverFilter({ year: {} })).toBe(EMPTY_DISCOVER_FILTER);
  });

  it.each(['W10=', 'W10', base64Url('{}'), base64Url('[]')])('reads %p as the empty filter', (text) => {
    expect(decodeDiscoverFilter(text)).toEqual({ filter: {} });
  });

  it('round-trips a full filter as URL-safe base64 without padding', () => {
    const filter = { year: { from: 2010, to: 2024 }, imdb: { from: 6.5, to: 10 }, kind: 'dizi' as const, genre: 'bilim-kurgu', channel: 'atlas-tv' };

    const encoded = encodeDiscoverFilter(filter);

    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))).toEqual(filter);
    expect(decodeDiscoverFilter(encoded)).toEqual({ filter });
  });

  it('encodes equal filters alike whatever their key order', () => {
    expect(encodeDiscoverFilter({ kind: 'film', year: { to: 2020, from: 2001 } })).toBe(
      encodeDiscoverFilter({ year: { from: 2001, to: 2020 }, kind: 'film' }),
    );
  });

  it('accepts open ranges and standard base64', () => {
    const json = JSON.stringify({ imdb: { from: 7 } });
    expect(decodeDiscoverFilter(Buffer.from(json).toString('base64'))).toEqual({ filter: { imdb: { from: 7 } } });
  });

  it.each([
    ['not base64', '%%%', M.filterNotBase64],
    ['a lone base64 character', 'W', M.filterNotBase64],
    ['a path separator trick', '../../etc', M.filterNotBase64],
    ['not JSON', base64Url('year=2020'), M.filterNotJson],
    ['binary bytes', Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url'), M.filterNotJson],
    ['non-ASCII text', base64Url('{"genre":"dram-ş"}'), M.filterNotJson],
    ['control characters', base64Url('{"kind":"dizi\u0000"}'), M.filterNotJson],
    ['a number', base64Url('42'), M.filterNotObject],
    ['null', base64Url('null'), M.filterNotObject],
    ['a non-empty list', base64Url('[1]'), M.filterNotObject],
    ['an unknown field', base64Url('{"order":"DROP TABLE title"}'), M.unknownField],
    ['an unknown range field', base64Url('{"year":{"from":2001,"x":1}}'), M.unknownField],
    ['a range that is not an object', base64Url('{"year":2020}'), M.rangeNotObject],
    ['a year as text', base64Url('{"year":{"from":"2020"}}'), M.yearInvalid],
    ['a fractional year', base64Url('{"year":{"from":2020.5}}'), M.yearInvalid],
    ['a huge year', base64Url('{"year":{"to":1e308}}'), M.yearInvalid],
    ['an overflowing year', base64Url('{"year":{"to":1e999}}'), M.yearInvalid],
    ['a negative rating', base64Url('{"imdb":{"from":-1}}'), M.imdbInvalid],
    ['a rating over 10', base64Url('{"imdb":{"to":11}}'), M.imdbInvalid],
    ['a reversed year range', base64Url('{"year":{"from":2024,"to":2010}}'), M.rangeReversed],
    ['a reversed rating range', base64Url('{"imdb":{"from":8,"to":5}}'), M.rangeReversed],
    ['an unknown kind', base64Url('{"kind":"belgesel"}'), M.kindInvalid],
    ['a hostile genre', base64Url(`{"genre":"x' OR 1=1--"}`), M.genreInvalid],
    ['a genre as a list', base64Url('{"genre":["dram"]}'), M.genreInvalid],
    ['a hostile channel', base64Url(`{"channel":"x' OR 1=1--"}`), M.channelInvalid],
    ['a channel as a number', base64Url('{"channel":7}'), M.channelInvalid],
    ['a very long text', 'A'.repeat(10_000), M.filterTooLong],
  ])('refuses %s with a Turkish reason', (_case, text, message) => {
    expect(decodeDiscoverFilter(text)).toEqual({ error: message });
  });
});

describe('searchQuerySchema', () => {
  it('trims and accepts three characters or more', () => {
    expect(searchQuerySchema.parse('  kur ')).toBe('kur');
  });

  it.each([
    ['one character', 'a', SEARCH_MESSAGES.tooShort],
    ['spaces around two characters', '  ab  ', SEARCH_MESSAGES.tooShort],
    ['10 KB', 'a'.repeat(10_240), SEARCH_MESSAGES.tooLong],
  ])('refuses %s', (_case, query, message) => {
    const result = searchQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
