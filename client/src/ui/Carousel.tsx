import {
  Children,
  isValidElement,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { ChevronDownIcon } from './icons';
import './carousel.css';

/** How a carousel lays out its slides (the seed's §9 carousels, in shared-contracts' CAROUSELS). */
export interface CarouselLayout {
  /** Space between two slides, in pixels. */
  gapPx: number;
  /** Slides in view from each minimum viewport width in pixels; the smallest key covers narrower screens too. */
  breakpoints: Readonly<Record<number, number>>;
}

const noSubscription = () => () => undefined;

/** The slides in view for the viewport's width, following its changes (as Swiper's breakpoints do). */
function useSlidesPerView(breakpoints: CarouselLayout['breakpoints']): number {
  const widths = useMemo(
    () =>
      Object.keys(breakpoints)
        .map(Number)
        .sort((a, b) => a - b),
    [breakpoints],
  );
  const narrowest = breakpoints[widths[0] ?? 0] ?? 1;
  // Browsers always answer media queries; jsdom does not.
  const queries = typeof window !== 'undefined' && typeof window.matchMedia === 'function';

  const subscribe = useCallback(
    (onChange: () => void) => {
      const lists = widths.map((width) => window.matchMedia(`(min-width: ${width}px)`));
      lists.forEach((list) => list.addEventListener('change', onChange));
      return () => lists.forEach((list) => list.removeEventListener('change', onChange));
    },
    [widths],
  );
  const perView = () =>
    widths.reduce((count, width) => (window.matchMedia(`(min-width: ${width}px)`).matches ? (breakpoints[width] ?? count) : count), narrowest);

  return useSyncExternalStore(queries ? subscribe : noSubscription, queries ? perView : () => narrowest, () => narrowest);
}

interface Edges {
  atStart: boolean;
  atEnd: boolean;
}

/**
 * A row of slides that scrolls sideways with CSS scroll snapping: swiped on touch screens, moved a
 * view at a time with the previous and next buttons, and followed by the keyboard as focus moves
 * through the slides' links. `label` names the list; the button labels say what they move to.
 * The buttons sit in a bar above the slides (beside `heading`, when given), never over a slide:
 * a slide's text and links stay uncovered at every width.
 */
export function Carousel({
  label,
  previousLabel,
  nextLabel,
  layout,
  heading,
  children,
}: {
  label: string;
  previousLabel: string;
  nextLabel: string;
  layout: CarouselLayout;
  /** Shown at the start of the bar, the buttons at its end. */
  heading?: ReactNode;
  children: ReactNode;
}) {
  const trackId = useId();
  const trackRef = useRef<HTMLUListElement>(null);
  const perView = useSlidesPerView(layout.breakpoints);
  const slides = Children.toArray(children);
  const [edges, setEdges] = useState<Edges>({ atStart: true, atEnd: true });

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return undefined;
    // A pixel of slack: scroll positions are fractional on zoomed and high-density screens.
    const measure = () =>
      setEdges({
        atStart: track.scrollLeft <= 1,
        atEnd: track.scrollLeft + track.clientWidth >= track.scrollWidth - 1,
      });
    measure();
    track.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resize?.observe(track);
    return () => {
      track.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [slides.length, perView]);

  /** One view further either way; snapping settles on a slide's start. */
  const move = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (track) track.scrollBy({ left: direction * (track.clientWidth + layout.gapPx) });
  };

  const style = { '--carousel-gap': `${layout.gapPx}px`, '--carousel-per-view': perView } as CSSProperties;
  const scrolls = !(edges.atStart && edges.atEnd);
  return (
    <div className="carousel" style={style}>
      {(heading !== undefined || scrolls) && (
        <div className="carousel__bar">
          {heading}
          {scrolls && (
            <div className="carousel__buttons">
              <button
                type="button"
                className="carousel__button carousel__button--previous"
                aria-label={previousLabel}
                aria-controls={trackId}
                disabled={edges.atStart}
                onClick={() => move(-1)}
              >
                <ChevronDownIcon />
              </button>
              <button
                type="button"
                className="carousel__button carousel__button--next"
                aria-label={nextLabel}
                aria-controls={trackId}
                disabled={edges.atEnd}
                onClick={() => move(1)}
              >
                <ChevronDownIcon />
              </button>
            </div>
          )}
        </div>
      )}
      <ul id={trackId} ref={trackRef} className="carousel__track" aria-label={label}>
        {slides.map((slide, index) => (
          <li key={isValidElement(slide) && slide.key !== null ? slide.key : index} className="carousel__slide">
            {slide}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A titled row of slides: the section's heading names the carousel too, and shares its bar with the buttons. */
export function CarouselSection({
  heading,
  className,
  headingClassName,
  ...carousel
}: {
  heading: string;
  className: string;
  headingClassName: string;
  previousLabel: string;
  nextLabel: string;
  layout: CarouselLayout;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={className} aria-labelledby={headingId}>
      <Carousel
        label={heading}
        heading={
          <h2 id={headingId} className={headingClassName}>
            {heading}
          </h2>
        }
        {...carousel}
      />
    </section>
  );
}
