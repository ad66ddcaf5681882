import { useSyncExternalStore } from 'react';
import { TEXT } from '../../app/messages';
import { ArrowUpIcon } from '../../ui/icons';

/** How far the page must be scrolled, in pixels, before the button appears. */
const BACK_TO_TOP_THRESHOLD_PX = 400;

function subscribeToScroll(onScroll: () => void) {
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}

const isScrolledDown = () => window.scrollY > BACK_TO_TOP_THRESHOLD_PX;

export function BackToTopButton() {
  const visible = useSyncExternalStore(subscribeToScroll, isScrolledDown, () => false);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label={TEXT.backToTop}
      title={TEXT.backToTop}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUpIcon />
    </button>
  );
}
