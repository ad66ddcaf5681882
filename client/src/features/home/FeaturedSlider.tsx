import { TITLE_KIND_LABELS, titlePath, type FeaturedTitle } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { TEXT } from '../../app/messages';
import { formatImdb } from '../../lib/format';
import { ChevronDownIcon, PlayIcon } from '../../ui/icons';
import { SkeletonBlock, SkeletonStatus } from '../../ui/Skeleton';
import { FEATURED_SLIDE_MS, HOME_TEXT } from './texts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked for less motion (jsdom, without media queries, never does). */
function usePrefersReducedMotion(): boolean {
  const queries = typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  return useSyncExternalStore(
    (onChange) => {
      if (!queries) return () => undefined;
      const list = window.matchMedia(REDUCED_MOTION);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => queries && window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * The home page's featured slider: one title at a time over its backdrop, with what it is, its
 * genres and description, "İzle" (its newest episode, a film's video) and "Detaylar" (its page).
 * It moves on every FEATURED_SLIDE_MS while nobody points at or focuses it (never for a visitor who
 * asked for less motion); the buttons below it go back, forth or to a title. Every slide keeps its
 * place in one grid cell, so the slider is as tall as its tallest slide and changing slides moves
 * nothing around it.
 */
export function FeaturedSlider({ titles }: { titles: FeaturedTitle[] }) {
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = titles.length;

  useEffect(() => {
    if (held || reducedMotion || count < 2) return undefined;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), FEATURED_SLIDE_MS);
    return () => clearTimeout(timer);
  }, [index, held, reducedMotion, count]);

  if (count === 0) return null;
  const go = (next: number) => setIndex((next + count) % count);

  return (
    <section
      className="featured"
      aria-roledescription="carousel"
      aria-label={HOME_TEXT.featured}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <div className="featured__slides" aria-live={held ? 'polite' : 'off'}>
        {titles.map((title, position) => (
          <FeaturedSlide key={`${title.kind}/${title.slug}`} title={title} active={position === index} label={HOME_TEXT.slidePosition(position + 1, count)} first={position === 0} />
        ))}
      </div>
      {count > 1 && (
        <div className="featured__controls">
          <button type="button" className="featured__arrow featured__arrow--previous" aria-label={HOME_TEXT.previousSlide} onClick={() => go(index - 1)}>
            <ChevronDownIcon />
          </button>
          <div className="featured__dots">
            {titles.map((title, position) => (
              <button
                key={`${title.kind}/${title.slug}`}
                type="button"
                className="featured__dot"
                aria-label={HOME_TEXT.showSlide(title.name)}
                aria-current={position === index || undefined}
                onClick={() => go(position)}
              />
            ))}
          </div>
          <button type="button" className="featured__arrow featured__arrow--next" aria-label={HOME_TEXT.nextSlide} onClick={() => go(index + 1)}>
            <ChevronDownIcon />
          </button>
        </div>
      )}
    </section>
  );
}

/** A slide: hidden ones stay laid out (for the slider's height) but are neither seen nor reached. */
function FeaturedSlide({ title, active, label, first }: { title: FeaturedTitle; active: boolean; label: string; first: boolean }) {
  return (
    <div
      className="featured-slide"
      role="group"
      aria-roledescription="slide"
      aria-label={label}
      aria-hidden={!active || undefined}
      inert={!active}
      data-active={active || undefined}
    >
      {/* The first slide's backdrop is what a visitor sees first: fetched at once; the others when the browser likes. */}
      <img className="featured-slide__backdrop" src={title.backdropUrl} alt="" width={1280} height={720} loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'low'} />
      <div className="featured-slide__content">
        <p className="featured-slide__facts">
          <span className="badge">{TITLE_KIND_LABELS[title.kind]}</span>
          <span>{title.year}</span>
          <span>
            <span aria-hidden="true">★ </span>
            {TEXT.catalog.imdb} {formatImdb(title.imdb)}
          </span>
          {title.genres.length > 0 && <span className="featured-slide__genres">{title.genres.join(' · ')}</span>}
        </p>
        <h2 className="featured-slide__name">{title.name}</h2>
        {title.latestEpisode && (
          <p className="featured-slide__episode">{HOME_TEXT.newEpisode(title.latestEpisode.season, title.latestEpisode.number)}</p>
        )}
        <p className="featured-slide__description">{title.description}</p>
        <p className="featured-slide__actions">
          <Link className="button button--primary" to={title.watchPath}>
            <PlayIcon width={18} height={18} />
            {HOME_TEXT.watch}
          </Link>
          <Link className="button button--secondary" to={titlePath(title)}>
            {HOME_TEXT.details}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** The slider's place while the home rows load, as tall as the slider. */
export function FeaturedSliderSkeleton() {
  return (
    <SkeletonStatus className="featured featured--skeleton">
      <SkeletonBlock className="featured__slides featured-slide" />
      <span className="featured__controls" aria-hidden="true" />
    </SkeletonStatus>
  );
}
