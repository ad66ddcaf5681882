import { POLL_MESSAGES } from '../polls/messages';
import { SEND_KEY_MESSAGES } from '../platform/send-key';
import { legacyFlowPageSchema, legacySetFlowPostSchema } from './legacy';
import { FLOW_MESSAGES as M } from './messages';
import { FLOW_RULES } from './rules';
import { createFlowPostBodySchema, flowPageQuerySchema, flowTextSchema } from './schemas';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('flow schemas', () => {
  it('keeps a text’s line breaks, unifies them and trims the ends', () => {
    expect(flowTextSchema.parse('  Birinci\r\nİkinci\u202E  ')).toBe('Birinci\nİkinci');
  });

  it('counts characters as a person does: an emoji is one, and the limit is exact', () => {
    expect(flowTextSchema.safeParse('😀'.repeat(FLOW_RULES.textMaxLength)).success).toBe(true);
    expect(firstMessage(flowTextSchema.safeParse('a'.repeat(FLOW_RULES.textMaxLength + 1)))).toBe(M.textTooLong);
    expect(firstMessage(flowTextSchema.safeParse('a'.repeat(1_000_000)))).toBe(M.textTooLong);
  });

  it('refuses a text of nothing visible', () => {
    expect(firstMessage(flowTextSchema.safeParse(' \n\u200B '))).toBe(M.textRequired);
  });

  it('reads a legacy post as a text post by default and a poll by its type', () => {
    expect(legacySetFlowPostSchema.parse({ message: 'Merhaba' })).toEqual({ kind: 'post', text: 'Merhaba', clientKey: undefined });
    expect(legacySetFlowPostSchema.parse({ type: 'poll', questOrTitle: 'Soru?', questAnswer: '[{"value":"Evet"},{"value":"Hayır"}]', client_key: 'anahtar-123' })).toEqual({
      kind: 'poll',
      question: 'Soru?',
      answers: ['Evet', 'Hayır'],
      clientKey: 'anahtar-123',
    });
    expect(firstMessage(legacySetFlowPostSchema.safeParse({ type: 'poll', questOrTitle: 'Soru?', questAnswer: '[{"value":"Evet"}]' }))).toBe(POLL_MESSAGES.minTwoAnswers);
    expect(firstMessage(legacySetFlowPostSchema.safeParse({ type: 'video', message: 'Merhaba' }))).toBe(M.typeInvalid);
    expect(firstMessage(createFlowPostBodySchema.safeParse({ text: 'Merhaba', clientKey: 'kısa' }))).toBe(SEND_KEY_MESSAGES.invalid);
  });

  it('reads pages and "me" only in their plain forms', () => {
    expect(flowPageQuerySchema.parse({})).toEqual({ page: 1, me: false });
    expect(flowPageQuerySchema.parse({ page: '3', me: '1' })).toEqual({ page: 3, me: true });
    expect(legacyFlowPageSchema.parse({ me: 0 })).toEqual({ page: undefined, me: false });
    expect(firstMessage(flowPageQuerySchema.safeParse({ page: '0x2' }))).toBe(M.pageInvalid);
    expect(firstMessage(flowPageQuerySchema.safeParse({ page: String(FLOW_RULES.maxPage + 1) }))).toBe(M.pageInvalid);
    expect(firstMessage(flowPageQuerySchema.safeParse({ me: 'evet' }))).toBe(M.meInvalid);
  });
});
