import { CAROUSELS } from '@seyirlik/shared-contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Carousel, type CarouselLayout } from './Carousel';

/** A viewport of a given width behind window.matchMedia, as the browser answers `(min-width: Npx)`. */
function fakeViewport(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => {
    const minWidth = Number(/\(min-width: (\d+)px\)/.exec(query)?.[1] ?? NaN);
    return {
      media: query,
      get matches() {
        return width >= minWidth;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    };
  }) as unknown as typeof window.matchMedia;
  return {
    resize(next: number) {
      width = next;
      act(() => listeners.forEach((listener) => listener()));
    },
    listeners,
  };
}

/** What the browser would measure: the track's visible width, its content width and its scroll position. */
function layOut(track: HTMLElement, { clientWidth, scrollWidth, scrollLeft }: { clientWidth: number; scrollWidth: number; scrollLeft: number }) {
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(track, 'scrollWidth', { configurable: true, value: scrollWidth });
  track.scrollLeft = scrollLeft;
  fireEvent.scroll(track);
}

function renderCarousel(layout: CarouselLayout = CAROUSELS.channels, count = 8) {
  return render(
    <Carousel label="Kanallar" previousLabel="Önceki kanallar" nextLabel="Sonraki kanallar" layout={layout}>
      {Array.from({ length: count }, (_, index) => (
        <a key={index} href={`/kanal/${index}`}>
          {`Kanal ${index}`}
        </a>
      ))}
    </Carousel>,
  );
}

const track = () => screen.getByRole('list', { name: 'Kanallar' });
const styleOf = (element: HTMLElement) => element.closest<HTMLElement>('.carousel')!.style;

describe('Carousel', () => {
  const originalMatchMedia = window.matchMedia;

  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  it('lists every slide in a list named by its label', () => {
    fakeViewport(1280);
    renderCarousel();

    expect(within(track()).getAllByRole('listitem').map((slide) => slide.textContent)).toEqual(
      Array.from({ length: 8 }, (_, index) => `Kanal ${index}`),
    );
  });

  it.each([
    ['channels', 360, 2],
    ['channels', 767, 2],
    ['channels', 768, 3],
    ['channels', 800, 3],
    ['channels', 1279, 3],
    ['channels', 1280, 6],
    ['firstMovies', 360, 2],
    ['firstMovies', 800, 3],
    ['firstMovies', 1280, 3],
  ] as const)('lays out the %s carousel at %i px with %i slides in view and its gap', (carousel, width, perView) => {
    const layout = CAROUSELS[carousel];
    fakeViewport(width);
    renderCarousel(layout);

    expect(styleOf(track()).getPropertyValue('--carousel-per-view')).toBe(String(perView));
    expect(styleOf(track()).getPropertyValue('--carousel-gap')).toBe(`${layout.gapPx}px`);
  });

  it('follows the viewport when it is resized, and stops listening when it goes', () => {
    const viewport = fakeViewport(1280);
    const { unmount } = renderCarousel();

    viewport.resize(800);
    expect(styleOf(track()).getPropertyValue('--carousel-per-view')).toBe('3');
    viewport.resize(360);
    expect(styleOf(track()).getPropertyValue('--carousel-per-view')).toBe('2');

    unmount();
    expect(viewport.listeners.size).toBe(0);
  });

  it('shows no buttons when every slide is in view', () => {
    fakeViewport(1280);
    renderCarousel(CAROUSELS.channels, 6);

    layOut(track(), { clientWidth: 1000, scrollWidth: 1000, scrollLeft: 0 });

    expect(screen.queryByRole('button')).toBeNull();
  });

  it('moves a view at a time with the buttons, each disabled at its end', () => {
    fakeViewport(1280);
    renderCarousel(CAROUSELS.channels, 12);
    const scrollBy = jest.fn();
    track().scrollBy = scrollBy;

    layOut(track(), { clientWidth: 1000, scrollWidth: 2020, scrollLeft: 0 });
    const previous = screen.getByRole('button', { name: 'Önceki kanallar' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Sonraki kanallar' }) as HTMLButtonElement;
    expect([previous.disabled, next.disabled]).toEqual([true, false]);
    expect(next.getAttribute('aria-controls')).toBe(track().id);

    fireEvent.click(next);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 1020 });

    layOut(track(), { clientWidth: 1000, scrollWidth: 2020, scrollLeft: 1020 });
    expect([previous.disabled, next.disabled]).toEqual([false, true]);

    fireEvent.click(previous);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -1020 });
  });

  it('lays out for the narrowest screens where the browser cannot answer media queries', () => {
    // jsdom's own window has no matchMedia.
    window.matchMedia = undefined as unknown as typeof window.matchMedia;
    renderCarousel();

    expect(styleOf(track()).getPropertyValue('--carousel-per-view')).toBe('2');
  });
});
