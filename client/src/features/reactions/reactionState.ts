import type { ReactionCounts, ReactionSummary } from '@seyirlik/shared-contracts';

/**
 * The newer of what a bar shows and a pushed or answered summary, by version (pushes and answers
 * can arrive out of order). A push carries nobody's own reaction, so the viewer's is kept from the bar.
 */
export function newerReactions(current: ReactionSummary, incoming: ReactionCounts | ReactionSummary): ReactionSummary {
  if (incoming.version < current.version) return current;
  return { counts: incoming.counts, total: incoming.total, version: incoming.version, mine: 'mine' in incoming ? incoming.mine : current.mine };
}
