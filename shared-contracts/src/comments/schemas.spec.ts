import { COMMENT_MESSAGES as M } from './messages';
import { legacyActionSchema, legacyAddCommentSchema, legacyReportSchema } from './legacy';
import { commentListQuerySchema, createCommentBodySchema, reportCommentBodySchema } from './schemas';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('comment schemas', () => {
  it('accept 500 characters as the counter counts them and refuse 501', () => {
    const fiveHundred = 'a'.repeat(499) + '😂';
    expect(createCommentBodySchema.parse({ text: fiveHundred }).text).toBe('a'.repeat(499) + ':joy:');
    expect(createCommentBodySchema.safeParse({ text: 'a'.repeat(499) + ':joy:' }).success).toBe(true);
    expect(firstMessage(createCommentBodySchema.safeParse({ text: fiveHundred + '😂' }))).toBe(M.textTooLong);
    expect(firstMessage(createCommentBodySchema.safeParse({ text: 'a'.repeat(501) }))).toBe(M.textTooLong);
  });

  it('refuse a comment of spaces, line breaks or invisible characters only', () => {
    for (const text of ['', '   ', '\n\t \n', '\u200B\u00A0', undefined]) {
      expect(firstMessage(createCommentBodySchema.safeParse({ text }))).toBe(M.textRequired);
    }
  });

  it('keep lone markup characters as written, unify line breaks and drop control characters', () => {
    const parsed = createCommentBodySchema.parse({ text: '  a < b & "c" <3\r\nikinci\u0007 satır \u202Eters ' });
    expect(parsed.text).toBe('a < b & "c" <3\nikinci satır ters');
  });

  it('refuse HTML tags, scripts and comments in a comment and in a report description', () => {
    for (const text of ['<script>alert(1)</script>', 'kalın <b>yazı</b>', '<img src=x onerror=alert(1)>', 'gizli <!-- not -->', '</div>']) {
      expect(firstMessage(createCommentBodySchema.safeParse({ text }))).toBe(M.markupNotAllowed);
      expect(firstMessage(reportCommentBodySchema.safeParse({ reason: 'other', description: text }))).toBe(M.markupNotAllowed);
    }
  });

  it('read the spoiler flag as a boolean or the legacy 1/0 and refuse anything else', () => {
    const spoiler = (value: unknown) => legacyAddCommentSchema.parse({ type: 2, id: 5, comment: 'x', spoiler: value }).spoiler;
    expect([spoiler('1'), spoiler('0'), spoiler(1), spoiler(true), spoiler(undefined), spoiler('on')]).toEqual([true, false, true, true, false, true]);
    expect(firstMessage(legacyAddCommentSchema.safeParse({ type: 2, id: 5, comment: 'x', spoiler: 'evet' }))).toBe(M.spoilerInvalid);
  });

  it('refuse target types other than 1, 2, 3 and 5 (a forum topic)', () => {
    for (const type of [0, 4, 6, '1.5', 'dizi', '', undefined, -1]) {
      expect(firstMessage(legacyAddCommentSchema.safeParse({ type, id: 5, comment: 'x' }))).toBe(M.typeInvalid);
    }
    expect(legacyAddCommentSchema.parse({ type: '3', id: '5', comment: 'x' })).toMatchObject({ type: 3, id: 5 });
    expect(legacyAddCommentSchema.parse({ type: '5', id: '5', comment: 'x' })).toMatchObject({ type: 5, id: 5 });
  });

  it('read list cursors of each order and refuse one of the other order', () => {
    expect(commentListQuerySchema.parse({})).toEqual({ order: 'newest', cursor: null });
    expect(commentListQuerySchema.parse({ order: 'liked', cursor: '40-3' })).toEqual({ order: 'liked', cursor: { id: 40, likeCount: 3 } });
    expect(commentListQuerySchema.parse({ cursor: '40' })).toEqual({ order: 'newest', cursor: { id: 40, likeCount: null } });
    expect(firstMessage(commentListQuerySchema.safeParse({ cursor: '40-3' }))).toBe(M.cursorInvalid);
    expect(firstMessage(commentListQuerySchema.safeParse({ order: 'liked', cursor: '40' }))).toBe(M.cursorInvalid);
    expect(firstMessage(commentListQuerySchema.safeParse({ cursor: "1' OR 1=1" }))).toBe(M.cursorInvalid);
    expect(firstMessage(commentListQuerySchema.safeParse({ order: 'eski' }))).toBe(M.orderInvalid);
  });

  it('take a like only as "like" on a known target type', () => {
    expect(legacyActionSchema.parse({ type: 1, series_id: 3, post_id: 9, status: 1 })).toMatchObject({ action: 'like', post_id: 9 });
    expect(firstMessage(legacyActionSchema.safeParse({ type: 1, series_id: 3, post_id: 9, action: 'clap' }))).toBe(M.actionInvalid);
    expect(firstMessage(legacyActionSchema.safeParse({ type: 'flow', series_id: 3, post_id: 9 }))).toBe(M.typeInvalid);
  });

  it('need a reason, and a description for "other", in reports', () => {
    expect(reportCommentBodySchema.parse({ reason: 'spam' })).toEqual({ reason: 'spam', description: '' });
    expect(firstMessage(reportCommentBodySchema.safeParse({ reason: 'other', description: '  ' }))).toBe(M.descriptionRequired);
    expect(firstMessage(reportCommentBodySchema.safeParse({ reason: 'kötü' }))).toBe(M.reasonInvalid);
    expect(firstMessage(reportCommentBodySchema.safeParse({ reason: 'spam', description: 'x'.repeat(501) }))).toBe(M.descriptionTooLong);
    expect(legacyReportSchema.parse({ id: '4', value: 'other', desc: 'neden <3' })).toEqual({ id: 4, reason: 'other', description: 'neden <3' });
    expect(firstMessage(legacyReportSchema.safeParse({ id: 4, value: 'spam', type: 'episode' }))).toBe(M.reportSubjectInvalid);
  });
});
