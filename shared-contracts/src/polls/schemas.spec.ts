import { POLL_MESSAGES as M } from './messages';
import { legacyPollFieldsSchema, legacyPollVoteSchema, questAnswerSchema } from './legacy';
import { answerKey, createPollInputSchema, pollDraftProblem } from './schemas';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('poll schemas', () => {
  it('need at least two non-empty answers', () => {
    expect(firstMessage(createPollInputSchema.safeParse({ question: 'Soru?', answers: ['Evet'] }))).toBe(M.minTwoAnswers);
    expect(firstMessage(createPollInputSchema.safeParse({ question: 'Soru?', answers: ['Evet', '  ', ''] }))).toBe(M.minTwoAnswers);
    expect(createPollInputSchema.parse({ question: ' Soru? ', answers: [' Evet ', '', 'Hayır'] })).toEqual({ question: 'Soru?', answers: ['Evet', 'Hayır'], closesAt: null });
  });

  it('refuse answers that differ only in case or spaces, Turkish-aware', () => {
    expect(answerKey('  İSTANBUL  ')).toBe(answerKey('istanbul'));
    expect(answerKey('IRMAK')).toBe(answerKey('ırmak'));
    expect(answerKey('IRMAK')).not.toBe(answerKey('irmak'));
    for (const answers of [['Evet', 'EVET'], ['Çok  iyi', ' çok iyi'], ['İyi', 'iyi']]) {
      expect(firstMessage(createPollInputSchema.safeParse({ question: 'Soru?', answers }))).toBe(M.duplicateAnswers);
    }
  });

  it('need a question', () => {
    expect(firstMessage(createPollInputSchema.safeParse({ question: '  ', answers: ['A', 'B'] }))).toBe(M.questionRequired);
    expect(firstMessage(createPollInputSchema.safeParse({ answers: ['A', 'B'] }))).toBe(M.questionRequired);
  });

  it('tell the composer the same first problem the server answers', () => {
    expect(pollDraftProblem({ question: 'Soru?', answers: ['A', ''] })).toBe(M.minTwoAnswers);
    expect(pollDraftProblem({ question: 'Soru?', answers: ['A', 'a '] })).toBe(M.duplicateAnswers);
    expect(pollDraftProblem({ question: 'Soru?', answers: ['A', 'B'] })).toBeNull();
  });

  it('read the legacy questAnswer as a JSON list of objects with a value, and refuse anything else in Turkish', () => {
    expect(questAnswerSchema.parse('[{"value":"Evet"},{"value":"Hayır"}]')).toEqual(['Evet', 'Hayır']);
    expect(questAnswerSchema.parse(['Evet', 'Hayır'])).toEqual(['Evet', 'Hayır']);
    expect(firstMessage(questAnswerSchema.safeParse('[{"value":"Evet"'))).toBe(M.answersNotJson);
    expect(firstMessage(questAnswerSchema.safeParse('Evet, Hayır'))).toBe(M.answersNotJson);
    expect(firstMessage(questAnswerSchema.safeParse('{"value":"Evet"}'))).toBe(M.answersNotList);
    expect(firstMessage(questAnswerSchema.safeParse('"Evet"'))).toBe(M.answersNotList);
    expect(firstMessage(questAnswerSchema.safeParse('[{"value":1},{"value":2}]'))).toBe(M.answersNotList);
    expect(firstMessage(questAnswerSchema.safeParse('[{"value":"Evet"},{"value":" evet"}]'))).toBe(M.duplicateAnswers);
    expect(firstMessage(questAnswerSchema.safeParse(undefined))).toBe(M.minTwoAnswers);
    expect(legacyPollFieldsSchema.parse({ questOrTitle: 'Soru?', questAnswer: '[{"value":"A"},{"value":"B"}]' })).toEqual({ question: 'Soru?', answers: ['A', 'B'] });
  });

  it('read a legacy vote with post_id or poll_id', () => {
    expect(legacyPollVoteSchema.parse({ value: '3', post_id: '9', poll_id: '9', group_id: '' })).toEqual({ optionId: 3, postId: 9, groupId: null });
    expect(legacyPollVoteSchema.parse({ value: 3, poll_id: 9, group_id: 4 })).toEqual({ optionId: 3, postId: 9, groupId: 4 });
    expect(firstMessage(legacyPollVoteSchema.safeParse({ post_id: 9 }))).toBe(M.optionRequired);
    expect(firstMessage(legacyPollVoteSchema.safeParse({ value: 3 }))).toBe(M.postIdInvalid);
  });
});
