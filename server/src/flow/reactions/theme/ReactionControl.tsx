import { REACTION_EMOJI, REACTION_KINDS, REACTION_MESSAGES as M, REACTION_NAMES, type ReactionSummary } from '@seyirlik/shared-contracts';

/**
 * A post's reaction control as legacy clients insert it: an icon with its count for every kind
 * someone left, then the member's control. Without a reaction of theirs it offers every kind
 * (`data-action="set-action"`); with one it is the delete-action control of that kind (seed §4).
 */
export function ReactionControl({ postId, summary }: { postId: number; summary: ReactionSummary }) {
  const shown = REACTION_KINDS.filter((kind) => summary.counts[kind] > 0);
  return (
    <div className="reactions" data-post-id={postId} data-version={summary.version}>
      <ul className="reactions__counts">
        {shown.map((kind) => (
          <li key={kind} className={kind === summary.mine ? 'reactions__count is-mine' : 'reactions__count'} data-kind={kind} title={REACTION_NAMES[kind]}>
            <span className="reactions__icon">{REACTION_EMOJI[kind]}</span> <span className="reactions__number">{summary.counts[kind]}</span>
          </li>
        ))}
      </ul>
      {summary.mine === null ? (
        <div className="reactions__choices" data-action="set-action" aria-label={M.chooseReaction}>
          {REACTION_KINDS.map((kind) => (
            <button key={kind} type="button" className="reactions__choice" data-action="set-action" data-type="flow" data-post-id={postId} data-kind={kind} title={REACTION_NAMES[kind]}>
              {REACTION_EMOJI[kind]}
            </button>
          ))}
        </div>
      ) : (
        <button type="button" className="reactions__remove" data-action="delete-action" data-type="flow" data-post-id={postId} data-kind={summary.mine} title={M.removeReaction(REACTION_NAMES[summary.mine])}>
          {REACTION_EMOJI[summary.mine]} {REACTION_NAMES[summary.mine]}
        </button>
      )}
    </div>
  );
}
