import type { PollResults, PollView } from '@seyirlik/shared-contracts';

/**
 * The newer of what a card shows and a pushed or fetched poll, by version (pushes and answers can
 * arrive out of order). A push carries nobody's own vote, so the viewer's is kept from the card.
 */
export function newerPoll(current: PollView, incoming: PollResults | PollView): PollView {
  if (incoming.version < current.version) return current;
  const votes = new Map(incoming.options.map((option) => [option.id, option.votes]));
  return {
    ...current,
    ...('closed' in incoming ? { closed: incoming.closed, closesAt: incoming.closesAt } : {}),
    options: current.options.map((option) => ({ ...option, votes: votes.get(option.id) ?? option.votes })),
    total: incoming.total,
    version: incoming.version,
    // A vote is never taken back: a reply without the viewer's vote (a push) keeps the one the card holds.
    myOptionId: ('myOptionId' in incoming ? incoming.myOptionId : null) ?? current.myOptionId,
  };
}
