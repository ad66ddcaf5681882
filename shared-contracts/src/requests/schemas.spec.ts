import { legacyRequestLoadSchema, legacyRequestSearchSchema, legacyRequestVoteSchema, legacySetRequestSchema } from './legacy';
import { REQUEST_MESSAGES as M } from './messages';
import { REQUEST_RULES } from './rules';
import { newRequestSchema, requestImageSchema, requestListQuerySchema, requestSearchQuerySchema, requestVoteBodySchema } from './schemas';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('content request schemas', () => {
  it('reads the seed fields into a request: one-line name, kind, outside id and poster', () => {
    expect(newRequestSchema.parse({ name: '  Kurtlar \n Vadisi ', type: ' Dizi ', id: '1399', image: 'https://image.tmdb.org/t/p/w500/a.jpg' })).toEqual({
      name: 'Kurtlar Vadisi',
      kind: 'dizi',
      externalId: 1399,
      image: 'https://image.tmdb.org/t/p/w500/a.jpg',
    });
    expect(legacySetRequestSchema.parse({ name: 'Ay', type: 'film', id: '', image: '' })).toEqual({ name: 'Ay', kind: 'film', externalId: null, image: null });
  });

  it('needs a name and a kind, each with its own Turkish message', () => {
    expect(firstMessage(newRequestSchema.safeParse({ type: 'dizi' }))).toBe(M.nameRequired);
    expect(firstMessage(newRequestSchema.safeParse({ name: ' \u200B ', type: 'dizi' }))).toBe(M.nameRequired);
    expect(firstMessage(newRequestSchema.safeParse({ name: 'Dune' }))).toBe(M.typeInvalid);
    expect(firstMessage(newRequestSchema.safeParse({ name: 'Dune', type: 'belgesel' }))).toBe(M.typeInvalid);
    expect(firstMessage(newRequestSchema.safeParse({ name: 'A', type: 'film' }))).toBe(M.nameTooShort);
    expect(firstMessage(newRequestSchema.safeParse({ name: 'a'.repeat(REQUEST_RULES.nameMaxLength + 1), type: 'film' }))).toBe(M.nameTooLong);
    expect(firstMessage(newRequestSchema.safeParse({ name: 'a'.repeat(1_000_000), type: 'film' }))).toBe(M.nameTooLong);
  });

  it('keeps markup in a name as text', () => {
    expect(newRequestSchema.parse({ name: '<script>alert(1)</script>', type: 'anime' }).name).toBe('<script>alert(1)</script>');
  });

  it('takes only plain positive numbers as the outside id', () => {
    for (const bad of ['-3', '1e3', '0x10', 'abc', '2147483648', [1]]) {
      expect([bad, firstMessage(newRequestSchema.safeParse({ name: 'Dune', type: 'film', id: bad }))]).toEqual([bad, M.externalIdInvalid]);
    }
  });

  it('takes only https poster addresses on a named host', () => {
    expect(requestImageSchema.parse(' https://ornek.com/a b.jpg ')).toBe('https://ornek.com/a%20b.jpg');
    expect(requestImageSchema.parse('')).toBeNull();
    for (const bad of ['http://ornek.com/a.jpg', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'https://user:pw@ornek.com/a.jpg', 'https://localhost/a.jpg', '//ornek.com/a.jpg', 'ornek.com/a.jpg', `https://ornek.com/${'a'.repeat(600)}`]) {
      expect([bad, firstMessage(requestImageSchema.safeParse(bad))]).toEqual([bad, M.imageInvalid]);
    }
  });

  it('takes a vote of 1 or 2 only', () => {
    expect(requestVoteBodySchema.parse({ type: '1' })).toEqual({ type: 1 });
    expect(legacyRequestVoteSchema.parse({ id: '4', type: 2 })).toEqual({ id: 4, type: 2 });
    for (const bad of [0, 3, '1.5', 'up', '', null, -1]) {
      expect([bad, firstMessage(requestVoteBodySchema.safeParse({ type: bad }))]).toEqual([bad, M.voteTypeInvalid]);
    }
    expect(firstMessage(legacyRequestVoteSchema.safeParse({ type: 1 }))).toBe(M.requestIdInvalid);
  });

  it('searches from 2 characters and reads the list queries', () => {
    expect(firstMessage(requestSearchQuerySchema.safeParse({ q: ' a ' }))).toBe(M.queryTooShort);
    expect(requestSearchQuerySchema.parse({ q: ' ay ' })).toEqual({ q: 'ay', kind: null });
    expect(legacyRequestSearchSchema.parse({ content: 'Dune', type: 'film' })).toEqual({ q: 'Dune', kind: 'film' });
    expect(requestListQuerySchema.parse({})).toEqual({ page: 1, kind: null, status: null });
    expect(requestListQuerySchema.parse({ page: '3', kind: 'anime', status: 'added' })).toEqual({ page: 3, kind: 'anime', status: 'added' });
    expect(firstMessage(requestListQuerySchema.safeParse({ status: 'gone' }))).toBe(M.statusInvalid);
    expect(legacyRequestLoadSchema.parse({ page: '2' })).toEqual({ page: 2, kind: null, status: null });
    expect(firstMessage(legacyRequestLoadSchema.safeParse({ page: '0' }))).toBe(M.pageInvalid);
  });
});
