import { MEMBER_STATE_MESSAGES, type ContinueWatchingEntry } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { usePendingCall } from '../../lib/usePendingCall';
import { CarouselSection, type CarouselLayout } from '../../ui/Carousel';
import { CloseIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useSessionUser } from '../session/session';
import { entryPlace, progressPercent } from './format';
import { MEMBER_STATE_TEXT as T } from './texts';
import { useContinueWatching } from './useContinueWatching';
import './member-state.css';

/** Entries in view: 1 on phones, 2 from 768 px, 3 from 1280 px. */
const CONTINUE_ROW: CarouselLayout = { gapPx: 16, breakpoints: { 0: 1, 768: 2, 1280: 3 } };

/**
 * The home page's "Kaldığın yerden devam et" row: a member's saved positions, newest first, each
 * opening its watch page at that position. Nothing for a visitor, nor while there is nothing to
 * show (an empty list, one still loading or one that failed: seed §8 ignores network errors).
 */
export function ContinueWatchingRow() {
  const member = useSessionUser();
  // A login or logout on the page is another person's list (the list's key names the member).
  return member ? <MemberRow memberId={member.id} /> : null;
}

function MemberRow({ memberId }: { memberId: number }) {
  const { entries, remove } = useContinueWatching(memberId);
  if (!entries || entries.length === 0) return null;
  return (
    <CarouselSection
      heading={MEMBER_STATE_MESSAGES.continueWatchingHeading}
      className="continue-row"
      headingClassName="continue-row__heading"
      previousLabel={T.previousEntries}
      nextLabel={T.nextEntries}
      layout={CONTINUE_ROW}
    >
      {entries.map((entry) => (
        <EntryCard key={entry.id} entry={entry} onRemove={remove} />
      ))}
    </CarouselSection>
  );
}

function EntryCard({ entry, onRemove }: { entry: ContinueWatchingEntry; onRemove: (id: number) => Promise<void> }) {
  const [pending, run] = usePendingCall();
  const percent = progressPercent(entry);
  return (
    <div className="continue-card">
      <Link className="continue-card__link" to={entry.watchPath} search={{ t: entry.positionSeconds }}>
        <span className="continue-card__poster">
          <img src={entry.title.posterUrl} alt="" loading="lazy" width={240} height={360} />
        </span>
        <span className="continue-card__name">{entry.title.name}</span>
        <span className="continue-card__place">{entryPlace(entry)}</span>
        <span
          className="continue-card__progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={T.progress(percent)}
        >
          <span style={{ width: `${percent}%` }} />
        </span>
      </Link>
      <button
        type="button"
        className="icon-button continue-card__remove"
        aria-label={T.remove(entry.title.name)}
        aria-busy={pending || undefined}
        disabled={pending}
        onClick={() => void run(() => onRemove(entry.id))}
      >
        {pending ? <Spinner /> : <CloseIcon width={18} height={18} />}
      </button>
    </div>
  );
}
