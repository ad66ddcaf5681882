import { legacyEditTopicSchema, legacyNewTopicSchema, legacySetDiscussionSchema } from './legacy';
import { DISCUSSION_MESSAGES as M } from './messages';
import { DISCUSSION_LINK_REL, DISCUSSION_RULES } from './rules';
import { createDiscussionBodySchema, discussionListQuerySchema, updateDiscussionBodySchema } from './schemas';
import { discussionTextParts } from './text';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('discussion schemas', () => {
  it('answer the seed’s text when a field of the new-topic forms is missing', () => {
    const full = { title: 'Final nasıldı?', category: 'diziler', desc: 'Konuşalım.' };
    for (const field of ['title', 'category', 'desc'] as const) {
      expect(firstMessage(legacySetDiscussionSchema.safeParse({ ...full, [field]: undefined }))).toBe('Lütfen gerekli alanları doldurunuz !');
      expect(firstMessage(legacySetDiscussionSchema.safeParse({ ...full, [field]: ' \n ' }))).toBe(M.required);
    }
    const topic = { series: '4', title: 'Final', desc: 'Konuşalım.' };
    for (const field of ['series', 'title', 'desc'] as const) {
      expect(firstMessage(legacyNewTopicSchema.safeParse({ ...topic, [field]: '' }))).toBe(M.required);
    }
    expect(firstMessage(createDiscussionBodySchema.safeParse({ title: 'Başlık', text: 'Metin' }))).toBe(M.required);
  });

  it('answer "Eksik değerler var !" when an edit misses its topic, title or text', () => {
    const edit = { id: '3', title: 'Başlık', content: 'Metin', series: '' };
    for (const field of ['id', 'title', 'content'] as const) {
      expect(firstMessage(legacyEditTopicSchema.safeParse({ ...edit, [field]: '' }))).toBe('Eksik değerler var !');
    }
    expect(legacyEditTopicSchema.parse(edit)).toEqual({ id: 3, draft: { title: 'Başlık', text: 'Metin', category: null, seriesId: null } });
    expect(firstMessage(updateDiscussionBodySchema.safeParse({ title: ' ', text: 'x' }))).toBe(M.editRequired);
  });

  it('read a category by name or number and refuse anything else', () => {
    const parse = (category: unknown) => legacySetDiscussionSchema.safeParse({ title: 'a', desc: 'b', category });
    expect(parse('anime').data?.category).toBe('anime');
    expect(parse('1').data?.category).toBe('genel');
    expect(parse(6).data?.category).toBe('site');
    for (const category of ['7', 'korku', '<b>', ['genel'], '0']) expect(firstMessage(parse(category))).toBe(M.categoryInvalid);
  });

  it('keep markup as text, line breaks in the text and one line in the title, within the limits', () => {
    const parsed = createDiscussionBodySchema.parse({ title: '  <b>Kalın</b>\n başlık ', text: '<script>alert(1)</script>\r\nikinci satır', category: 'genel' });
    expect(parsed).toEqual({ title: '<b>Kalın</b> başlık', text: '<script>alert(1)</script>\nikinci satır', category: 'genel', seriesId: null });
    expect(firstMessage(createDiscussionBodySchema.safeParse({ title: 'a'.repeat(DISCUSSION_RULES.titleMaxLength + 1), text: 'x', category: 'genel' }))).toBe(M.titleTooLong);
    expect(firstMessage(createDiscussionBodySchema.safeParse({ title: 'a', text: 'x'.repeat(DISCUSSION_RULES.textMaxLength + 1), category: 'genel' }))).toBe(M.textTooLong);
    expect(firstMessage(createDiscussionBodySchema.safeParse({ title: 'a', text: 'x'.repeat(1_000_000), category: 'genel' }))).toBe(M.textTooLong);
  });

  it('read list queries with defaults and refuse unknown orders', () => {
    expect(discussionListQuerySchema.parse({})).toEqual({ category: undefined, order: 'newest', q: '', page: 1 });
    expect(discussionListQuerySchema.parse({ category: 'anime', order: 'active', q: ' final  sezon ', page: '3' })).toMatchObject({ category: 'anime', order: 'active', q: 'final sezon', page: 3 });
    expect(firstMessage(discussionListQuerySchema.safeParse({ order: 'eski' }))).toBe(M.orderInvalid);
    expect(firstMessage(discussionListQuerySchema.safeParse({ page: '-1' }))).toBe(M.pageInvalid);
  });
});

describe('discussion text', () => {
  it('makes http and https addresses links and keeps line breaks', () => {
    expect(discussionTextParts('Bakın: https://ornek.com/a?b=1.\nve http://x.org')).toEqual([
      { kind: 'text', text: 'Bakın: ' },
      { kind: 'link', href: 'https://ornek.com/a?b=1', text: 'https://ornek.com/a?b=1' },
      { kind: 'text', text: '.' },
      { kind: 'break' },
      { kind: 'text', text: 've ' },
      { kind: 'link', href: 'http://x.org/', text: 'http://x.org' },
    ]);
  });

  it('leaves every other scheme and all markup as text', () => {
    for (const text of ['javascript:alert(1)', '<a href="javascript:alert(1)">x</a>', 'data:text/html,<script>', '<script>alert(1)</script>', 'ftp://x.org']) {
      expect(discussionTextParts(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(discussionTextParts('<a href="https://x.org">x</a>')).toEqual([
      { kind: 'text', text: '<a href="' },
      { kind: 'link', href: 'https://x.org/', text: 'https://x.org' },
      { kind: 'text', text: '">x</a>' },
    ]);
    expect(DISCUSSION_LINK_REL).toBe('nofollow noopener noreferrer ugc');
  });
});
