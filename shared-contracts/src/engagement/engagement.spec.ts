import { ENGAGEMENT_MESSAGES as M } from './messages';
import { legacyActionDataSchema, legacyAddClapSchema, legacyGetListSchema } from './legacy';

const firstMessage = (schema: { safeParse(input: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : parsed.error?.issues[0]?.message;
};

describe('legacyGetListSchema', () => {
  it('reads a list and a kind, all kinds when status is missing or empty', () => {
    expect(legacyGetListSchema.parse({ t: 'watched', status: 'anime' })).toMatchObject({ t: 'watched', status: 'anime' });
    expect(legacyGetListSchema.parse({ t: 'continue' })).toMatchObject({ status: 'all' });
    expect(legacyGetListSchema.parse({ t: 'favorites', status: '' })).toMatchObject({ status: 'all' });
  });

  it('refuses an unknown list or kind', () => {
    expect(firstMessage(legacyGetListSchema, { t: 'likes' })).toBe(M.listInvalid);
    expect(firstMessage(legacyGetListSchema, { t: 'following', status: 'dizi ' })).toBe(M.filterInvalid);
  });
});

describe('legacyAddClapSchema', () => {
  it('reads an episode id from a form or JSON', () => {
    expect(legacyAddClapSchema.parse({ clap: '12' }).clap).toBe(12);
    expect(legacyAddClapSchema.parse({ clap: 12 }).clap).toBe(12);
  });

  it.each([undefined, '', '0', '1e3', 'abc', -1, 2 ** 31])('refuses %p', (clap) => {
    expect(firstMessage(legacyAddClapSchema, { clap })).toBe(M.clapEpisodeInvalid);
  });
});

describe('legacyActionDataSchema', () => {
  it('reads a problem, the player state and a source hash', () => {
    expect(legacyActionDataSchema.parse({ issue: '3', status: '1', data: ' kaynak-1 ' })).toMatchObject({ issue: 3, status: 1, data: 'kaynak-1' });
  });

  it.each([
    [{ issue: 0, status: 0, data: 'kaynak-1' }, M.issueInvalid],
    [{ issue: 6, status: 0, data: 'kaynak-1' }, M.issueInvalid],
    [{ issue: 1, status: 2, data: 'kaynak-1' }, M.statusInvalid],
    [{ issue: 1, status: 0 }, 'hash yok'],
    [{ issue: 1, status: 0, data: '<b>x</b>' }, 'hash yok'],
  ])('refuses %p', (input, message) => {
    expect(firstMessage(legacyActionDataSchema, input)).toBe(message);
  });
});
