import type { WatchSource } from '@seyirlik/shared-contracts';
import { LockIcon } from '../../ui/icons';
import { WATCH_TEXT } from './texts';

/**
 * The sources of an episode (or of one of its video groups) as a labelled choice: each says its
 * name, how it plays, its quality levels and whether it is kept for members ("Üyelere özel"); the
 * one playing is pressed.
 */
export function SourceChoices({
  sources,
  selectedId,
  disabled,
  onChoose,
  label,
}: {
  sources: readonly WatchSource[];
  selectedId: number | null;
  disabled: boolean;
  onChoose: (source: WatchSource) => void;
  /** Names the list when no heading does. */
  label?: string;
}) {
  return (
    <ul className="source-choices" aria-label={label}>
      {sources.map((source) => (
        <li key={source.id}>
          <button type="button" className="source-choice" aria-pressed={selectedId === source.id} disabled={disabled} onClick={() => onChoose(source)}>
            <span className="source-choice__mark" aria-hidden="true" />
            <span className="source-choice__text">
              <span className="source-choice__name">{source.name}</span>
              <span className="source-choice__details">
                <span>{WATCH_TEXT.sourceKinds[source.kind]}</span>
                {source.tiers.length > 0 && (
                  <span className="source-choice__tiers">
                    <span className="visually-hidden">{WATCH_TEXT.quality}: </span>
                    {source.tiers.map((tier) => (
                      <span key={tier} className="source-choice__tier">
                        {tier}
                      </span>
                    ))}
                  </span>
                )}
              </span>
            </span>
            {source.locked && (
              <span className="source-choice__lock">
                <LockIcon width={14} height={14} />
                {WATCH_TEXT.members}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
