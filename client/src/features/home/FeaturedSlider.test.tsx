import type { FeaturedTitle } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { buildTitleCard } from '../../../test/builders';
import { renderInRouter } from '../../../test/renderInRouter';
import { FeaturedSlider } from './FeaturedSlider';
import { FEATURED_SLIDE_MS } from './texts';

function buildFeatured(overrides: Partial<FeaturedTitle> = {}): FeaturedTitle {
  return {
    ...buildTitleCard(),
    backdropUrl: '/media/backdrops/cinaralti-sirlari.svg',
    description: 'Bir kasabada çınarın altında saklanan sırlar.',
    genres: ['Dram', 'Gizem'],
    watchPath: '/dizi/cinaralti-sirlari/3-sezon/5-bolum',
    latestEpisode: { season: 3, number: 5 },
    ...overrides,
  };
}

const TITLES = [
  buildFeatured(),
  buildFeatured({
    slug: 'buzdan-kopru',
    kind: 'film',
    name: 'Buzdan Köprü',
    backdropUrl: '/media/demo/buzdan.jpg',
    watchPath: '/film/buzdan-kopru/izle',
    latestEpisode: null,
  }),
  buildFeatured({ slug: 'lodos-vakti', name: 'Lodos Vakti', watchPath: '/dizi/lodos-vakti/2-sezon/6-bolum', latestEpisode: { season: 2, number: 6 } }),
];

/** Every slide, the hidden ones too. */
const slides = () => Array.from(document.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'));
const shownSlide = () => {
  const shown = slides().filter((slide) => !slide.hasAttribute('inert'));
  expect(shown).toHaveLength(1);
  return shown[0]!;
};
const shownName = () => within(shownSlide()).getByRole('heading', { level: 2 }).textContent;

describe('FeaturedSlider', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('shows one title at a time over its backdrop, with what it is, its newest episode and the ways to watch it and to its page', async () => {
    renderInRouter(<FeaturedSlider titles={TITLES} />);

    const slider = await screen.findByRole('region', { name: 'Öne çıkanlar' });
    expect(slider.getAttribute('aria-roledescription')).toBe('carousel');
    expect(slides()).toHaveLength(3);
    const slide = shownSlide();
    expect(slide.getAttribute('aria-label')).toBe('1 / 3');
    expect(slide.querySelector('img')!.getAttribute('src')).toBe('/media/backdrops/cinaralti-sirlari.svg');
    expect(within(slide).getByText('Dram · Gizem')).toBeTruthy();
    expect(within(slide).getByText('Yeni bölüm: 3. Sezon 5. Bölüm')).toBeTruthy();
    expect(within(slide).getByRole('link', { name: 'İzle' }).getAttribute('href')).toBe('/dizi/cinaralti-sirlari/3-sezon/5-bolum');
    expect(within(slide).getByRole('link', { name: 'Detaylar' }).getAttribute('href')).toBe('/dizi/cinaralti-sirlari');
    // The slides not shown are neither seen nor reached.
    expect(slides()[1]!.getAttribute('aria-hidden')).toBe('true');
  });

  it('goes forth, back around and to a title with its buttons; a film has no newest episode', async () => {
    renderInRouter(<FeaturedSlider titles={TITLES} />);
    await screen.findByRole('region', { name: 'Öne çıkanlar' });

    fireEvent.click(screen.getByRole('button', { name: 'Sonraki öne çıkan' }));
    expect(shownName()).toBe('Buzdan Köprü');
    expect(within(shownSlide()).queryByText(/Yeni bölüm/)).toBeNull();
    expect(within(shownSlide()).getByRole('link', { name: 'İzle' }).getAttribute('href')).toBe('/film/buzdan-kopru/izle');

    fireEvent.click(screen.getByRole('button', { name: 'Önceki öne çıkan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Önceki öne çıkan' }));
    expect(shownName()).toBe('Lodos Vakti');

    fireEvent.click(screen.getByRole('button', { name: 'Çınaraltı Sırları tanıtımını göster' }));
    expect(shownName()).toBe('Çınaraltı Sırları');
    expect(screen.getByRole('button', { name: 'Çınaraltı Sırları tanıtımını göster' }).getAttribute('aria-current')).toBe('true');
  });

  it('moves on by itself, and holds while pointed at', async () => {
    jest.useFakeTimers();
    renderInRouter(<FeaturedSlider titles={TITLES} />);
    const slider = await screen.findByRole('region', { name: 'Öne çıkanlar' });

    act(() => jest.advanceTimersByTime(FEATURED_SLIDE_MS));
    expect(shownName()).toBe('Buzdan Köprü');

    fireEvent.mouseEnter(slider);
    act(() => jest.advanceTimersByTime(FEATURED_SLIDE_MS * 3));
    expect(shownName()).toBe('Buzdan Köprü');

    fireEvent.mouseLeave(slider);
    act(() => jest.advanceTimersByTime(FEATURED_SLIDE_MS));
    expect(shownName()).toBe('Lodos Vakti');
  });

  it('has no buttons for a single title, and nothing at all without one', async () => {
    const { unmount } = renderInRouter(<FeaturedSlider titles={TITLES.slice(0, 1)} />);
    await screen.findByRole('region', { name: 'Öne çıkanlar' });
    expect(screen.queryByRole('button')).toBeNull();
    unmount();

    renderInRouter(<FeaturedSlider titles={[]} />);
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Öne çıkanlar' })).toBeNull();
  });
});
