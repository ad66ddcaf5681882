import { emptyChatLog, hasHole, historyStart, mergeChatMessages } from './chatLog';
import { buildChatMessage } from './roomBuilders';

const seqs = (log: { messages: readonly { seq: number }[] }) => log.messages.map((message) => message.seq);

describe('chat log', () => {
  it('keeps one message per sequence, ordered by sequence, however they arrive', () => {
    const sut = mergeChatMessages(emptyChatLog(0), [buildChatMessage(1), buildChatMessage(2)], 'fetched');

    const merged = mergeChatMessages(
      mergeChatMessages(sut, [buildChatMessage(4), buildChatMessage(2)], 'pushed'),
      [buildChatMessage(3), buildChatMessage(4), buildChatMessage(5)],
      'fetched',
    );

    expect(seqs(merged)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.lastSeq).toBe(5);
  });

  it('returns the same log when nothing is new', () => {
    const sut = mergeChatMessages(emptyChatLog(0), [buildChatMessage(1)], 'fetched');

    expect(mergeChatMessages(sut, [buildChatMessage(1)], 'pushed')).toBe(sut);
    expect(mergeChatMessages(sut, [], 'fetched')).toBe(sut);
  });

  it('does not move the cursor past a hole left by a pushed message, so the next fetch fills it', () => {
    const sut = mergeChatMessages(emptyChatLog(0), [buildChatMessage(1)], 'fetched');

    const overtaken = mergeChatMessages(sut, [buildChatMessage(3)], 'pushed');
    expect(overtaken.lastSeq).toBe(1);
    expect(hasHole(overtaken)).toBe(true);

    const filled = mergeChatMessages(overtaken, [buildChatMessage(2)], 'pushed');
    expect(filled.lastSeq).toBe(3);
    expect(hasHole(filled)).toBe(false);
  });

  it('trusts a fetched page to be complete from its cursor', () => {
    const sut = mergeChatMessages(emptyChatLog(40), [buildChatMessage(41), buildChatMessage(43)], 'fetched');

    expect(sut.lastSeq).toBe(43);
    expect(hasHole(sut)).toBe(false);
  });

  it('starts the history one page before the newest message, or at the beginning', () => {
    expect(historyStart(250, 100)).toBe(150);
    expect(historyStart(30, 100)).toBe(0);
    expect(emptyChatLog(150)).toEqual({ messages: [], lastSeq: 150 });
  });
});
