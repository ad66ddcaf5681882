import { emptySequencedLog, hasGap, historyStart, mergeSequenced, type SequencedLog } from './sequencedLog';

interface Item {
  seq: number;
  text: string;
}

const item = (seq: number): Item => ({ seq, text: `öğe ${seq}` });
const items = (...seqs: number[]) => seqs.map(item);
const seqs = (log: SequencedLog<Item>) => log.items.map((held) => held.seq);

describe('sequenced log', () => {
  it('keeps one item per sequence, ordered by sequence, however they arrive', () => {
    const sut = mergeSequenced(emptySequencedLog<Item>(0), items(1, 2), 'fetched');

    const merged = mergeSequenced(mergeSequenced(sut, items(4, 2), 'pushed'), items(3, 4, 5), 'fetched');

    expect(seqs(merged)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.cursor).toBe(5);
  });

  it('returns the same log when nothing is new', () => {
    const sut = mergeSequenced(emptySequencedLog<Item>(0), items(1), 'fetched');

    expect(mergeSequenced(sut, items(1), 'pushed')).toBe(sut);
    expect(mergeSequenced(sut, [], 'fetched')).toBe(sut);
  });

  it('does not move the cursor past a gap left by a pushed item, so the next fetch fills it', () => {
    const sut = mergeSequenced(emptySequencedLog<Item>(0), items(1), 'fetched');

    const overtaken = mergeSequenced(sut, items(3), 'pushed');
    expect(overtaken.cursor).toBe(1);
    expect(hasGap(overtaken)).toBe(true);

    const filled = mergeSequenced(overtaken, items(2), 'pushed');
    expect(filled.cursor).toBe(3);
    expect(hasGap(filled)).toBe(false);
  });

  it('trusts a fetched page to be complete from its cursor', () => {
    const sut = mergeSequenced(emptySequencedLog<Item>(40), items(41, 43), 'fetched');

    expect(sut.cursor).toBe(43);
    expect(hasGap(sut)).toBe(false);
  });

  it('starts the history one page before the newest item, or at the beginning', () => {
    expect(historyStart(250, 100)).toBe(150);
    expect(historyStart(30, 100)).toBe(0);
    expect(emptySequencedLog(150)).toEqual({ items: [], cursor: 150 });
  });
});
