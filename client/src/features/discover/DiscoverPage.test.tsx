import {
  DISCOVER_MESSAGES,
  LIMITS,
  MESSAGES,
  currentYear,
  decodeDiscoverFilter,
  encodeDiscoverFilter,
} from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { buildTitleCard } from '../../../test/builders';
import { mockFetch } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { Toaster } from '../toast/Toaster';
import { DiscoverPage } from './DiscoverPage';

const GENRES = [
  { slug: 'dram', name: 'Dram' },
  { slug: 'komedi', name: 'Komedi' },
];

const CHANNELS = [
  { slug: 'atlas-tv', name: 'Atlas TV' },
  { slug: 'yildiz-tv', name: 'Yıldız TV' },
];

const titles = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => buildTitleCard({ slug: `yapim-${from + index}`, name: `Yapım ${from + index}` }));

/** The page with the address kept in state, as the route keeps it in the URL. */
function DiscoverHarness({ initial, onChange }: { initial: string; onChange: (encoded: string) => void }) {
  const [encoded, setEncoded] = useState(initial);
  return (
    <>
      <p data-testid="address">{encoded}</p>
      <DiscoverPage
        encodedFilter={encoded}
        onFilterChange={(next) => {
          onChange(next);
          setEncoded(next);
        }}
      />
      <Toaster />
    </>
  );
}

async function renderDiscover(initial = 'W10=') {
  const onChange = jest.fn();
  renderInRouter(<DiscoverHarness initial={initial} onChange={onChange} />);
  await screen.findByRole('heading', { name: 'Keşfet' });
  await settle();
  return { onChange, address: () => decodeDiscoverFilter(screen.getByTestId('address').textContent ?? '') };
}

async function settle() {
  await act(async () => {
    jest.advanceTimersByTime(LIMITS.liveSearchDebounceMs);
  });
  await act(async () => {});
}

describe('DiscoverPage', () => {
  let fetchMock: jest.Mock;

  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    fetchMock = mockFetch((path) => {
      if (path === '/api/genres') return { status: 200, body: GENRES };
      if (path === '/api/channels') return { status: 200, body: CHANNELS };
      const url = new URL(path, 'http://localhost');
      const filter = url.searchParams.get('filter')!;
      const page = Number(url.searchParams.get('page'));
      if (filter === 'bozuk') {
        return {
          status: 200,
          body: { titles: titles(0, 2), page, hasMore: false, filter: 'W10=', message: `${DISCOVER_MESSAGES.filterNotBase64} ${DISCOVER_MESSAGES.showingUnfiltered}` },
        };
      }
      return { status: 200, body: { titles: titles((page - 1) * 24, page === 1 ? 24 : 3), page, hasMore: page === 1, filter } };
    });
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const discoverCalls = () => fetchMock.mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith('/api/discover'));

  it('offers the sliders of the seed: years 2000 to this year, ratings 0 to 10 by halves', async () => {
    await renderDiscover();

    const yearFrom = screen.getByRole('slider', { name: 'En erken yıl' });
    const imdbTo = screen.getByRole('slider', { name: 'En yüksek IMDb puanı' });
    expect([yearFrom.getAttribute('min'), yearFrom.getAttribute('max'), (yearFrom as HTMLInputElement).value]).toEqual([
      '2000',
      String(currentYear()),
      '2000',
    ]);
    expect([imdbTo.getAttribute('min'), imdbTo.getAttribute('max'), imdbTo.getAttribute('step'), (imdbTo as HTMLInputElement).value]).toEqual([
      '0',
      '10',
      '0.5',
      '10',
    ]);
    expect(within(screen.getByRole('combobox', { name: 'Tür' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tüm türler',
      'Dram',
      'Komedi',
    ]);
  });

  it('puts every change into the address at once and lists after the pause', async () => {
    const { onChange, address } = await renderDiscover();
    expect(discoverCalls()).toEqual(['/api/discover?filter=W10%3D&page=1']);

    fireEvent.change(screen.getByRole('slider', { name: 'En erken yıl' }), { target: { value: '2010' } });
    fireEvent.change(screen.getByRole('slider', { name: 'En geç yıl' }), { target: { value: '2020' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anime' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Tür' }), { target: { value: 'komedi' } });
    fireEvent.change(screen.getByRole('slider', { name: 'En düşük IMDb puanı' }), { target: { value: '6.5' } });

    expect(onChange).toHaveBeenCalledTimes(5);
    expect(address()).toEqual({ filter: { year: { from: 2010, to: 2020 }, imdb: { from: 6.5, to: 10 }, kind: 'anime', genre: 'komedi' } });
    expect(screen.getByRole('button', { name: 'Anime' }).getAttribute('aria-pressed')).toBe('true');

    await settle();
    const encoded = encodeDiscoverFilter({ year: { from: 2010, to: 2020 }, imdb: { from: 6.5, to: 10 }, kind: 'anime', genre: 'komedi' });
    expect(discoverCalls()).toEqual(['/api/discover?filter=W10%3D&page=1', `/api/discover?filter=${encoded}&page=1`]);
  });

  it('filters by a channel from its select, and shows the channel of the address as chosen', async () => {
    const { address } = await renderDiscover(encodeDiscoverFilter({ channel: 'yildiz-tv' }));
    const select = screen.getByRole('combobox', { name: 'Kanal' }) as HTMLSelectElement;

    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Tüm kanallar', 'Atlas TV', 'Yıldız TV']);
    expect(select.value).toBe('yildiz-tv');

    fireEvent.change(select, { target: { value: 'atlas-tv' } });
    expect(address()).toEqual({ filter: { channel: 'atlas-tv' } });
    await settle();
    expect(discoverCalls()).toContain(`/api/discover?filter=${encodeDiscoverFilter({ channel: 'atlas-tv' })}&page=1`);

    fireEvent.change(select, { target: { value: '' } });
    expect(address()).toEqual({ filter: {} });
  });

  it('pushes the other end along instead of turning the range around', async () => {
    const { address } = await renderDiscover(encodeDiscoverFilter({ year: { from: 2005, to: 2010 } }));

    fireEvent.change(screen.getByRole('slider', { name: 'En erken yıl' }), { target: { value: '2015' } });

    expect(address()).toEqual({ filter: { year: { from: 2015, to: 2015 } } });
  });

  it('goes back to the empty filter W10= when every control is back at its end', async () => {
    const { onChange } = await renderDiscover(encodeDiscoverFilter({ year: { from: 2005 }, kind: 'film' }));

    fireEvent.change(screen.getByRole('slider', { name: 'En erken yıl' }), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tümü' }));

    expect(onChange).toHaveBeenLastCalledWith('W10=');
  });

  it('shows the Turkish message and the unfiltered list for a broken filter', async () => {
    await renderDiscover('bozuk');

    expect(screen.getByRole('alert').textContent).toBe(`${DISCOVER_MESSAGES.filterNotBase64} ${DISCOVER_MESSAGES.showingUnfiltered}`);
    expect(screen.getAllByRole('link', { name: /Yapım/ })).toHaveLength(2);
    expect((screen.getByRole('slider', { name: 'En erken yıl' }) as HTMLInputElement).value).toBe('2000');
  });

  it('loads the next page, then says there is nothing more and removes the button', async () => {
    await renderDiscover();
    expect(within(screen.getByRole('list', { name: 'Sonuçlar' })).getAllByRole('listitem')).toHaveLength(24);

    fireEvent.click(screen.getByRole('button', { name: 'Daha fazla yükle' }));
    await act(async () => {});

    expect(discoverCalls()).toContain('/api/discover?filter=W10%3D&page=2');
    expect(within(screen.getByRole('list', { name: 'Sonuçlar' })).getAllByRole('listitem')).toHaveLength(27);
    expect(screen.queryByRole('button', { name: 'Daha fazla yükle' })).toBeNull();
    expect(screen.getByText(MESSAGES.noMoreContent).closest('.toast')?.className).toContain('toast--info');
  });
});
