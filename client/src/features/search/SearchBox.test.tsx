import { LIMITS, SEARCH_MESSAGES } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { buildTitleCard } from '../../../test/builders';
import { mockFetch } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { SearchBox } from './SearchBox';

const HINT = 'En az 3 karakter giriniz.';

const sahin = buildTitleCard({ slug: 'sahin-yuvasi-karakolu', name: 'Şahin Yuvası Karakolu', year: 2022, kind: 'dizi' });
const sahmaran = buildTitleCard({ slug: 'sahmaran', name: 'Şahmaran', year: 2023, kind: 'film' });

const field = () => screen.getByRole('searchbox', { name: 'Dizi, film veya anime ara' });

function type(text: string) {
  fireEvent.change(field(), { target: { value: text } });
}

/** Lets the debounce run out and the fake server's reply arrive. */
async function settle() {
  await act(async () => {
    jest.advanceTimersByTime(LIMITS.liveSearchDebounceMs);
  });
  await act(async () => {});
}

async function renderSearchBox() {
  const view = renderInRouter(<SearchBox />);
  await screen.findByRole('searchbox');
  return view;
}

describe('SearchBox', () => {
  let fetchMock: jest.Mock;

  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    fetchMock = mockFetch((path) =>
      path.includes('q=sahi') || path.includes('q=%C5%9Fah')
        ? { status: 200, body: { titles: [sahin, sahmaran] } }
        : { status: 200, body: { titles: [] } },
    );
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('shows the placeholder and no hint while empty', async () => {
    await renderSearchBox();

    expect(field().getAttribute('placeholder')).toBe('Dizi, film veya anime ara...');
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('asks for more characters once the visitor pauses on a too short query, without searching', async () => {
    await renderSearchBox();

    type('ku');
    act(() => jest.advanceTimersByTime(LIMITS.liveSearchDebounceMs - 1));
    expect(screen.queryByText(HINT)).toBeNull();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(field().getAttribute('aria-describedby')).toBe(screen.getByText(HINT).id);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops the hint at the minimum length and ignores surrounding spaces', async () => {
    await renderSearchBox();
    type('ku');
    await settle();

    type('kur');
    await settle();
    expect(screen.queryByText(HINT)).toBeNull();

    type('  k  ');
    await settle();
    expect(screen.getByText(HINT)).toBeTruthy();

    type('   ');
    await settle();
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('searches once, after the pause, and lists poster, name, year and kind', async () => {
    await renderSearchBox();

    type('s');
    type('sa');
    type('sahi');
    act(() => jest.advanceTimersByTime(LIMITS.liveSearchDebounceMs - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await settle();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/search?q=sahi');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Şahin Yuvası Karakolu2022 · Dizi',
      'Şahmaran2023 · Film',
    ]);
    expect(options[0]?.querySelector('img')?.getAttribute('src')).toBe(sahin.posterUrl);
    expect(options[1]?.querySelector('a')?.getAttribute('href')).toBe('/film/sahmaran');
  });

  it('sends Turkish letters encoded', async () => {
    await renderSearchBox();

    type('şah');
    await settle();

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/search?q=%C5%9Fah');
  });

  it('moves through the results with the arrows and opens the chosen one with Enter', async () => {
    const { router } = await renderSearchBox();
    type('sahi');
    await settle();

    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    const active = screen.getAllByRole('option')[1]!;
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(field().getAttribute('aria-activedescendant')).toBe(active.id);

    fireEvent.keyDown(field(), { key: 'Enter' });
    await act(async () => {});

    expect(router.state.location.pathname).toBe('/film/sahmaran');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes the list with Escape and opens it again on typing', async () => {
    await renderSearchBox();
    type('sahi');
    await settle();

    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();

    type('sahin');
    type('sahi');
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    await renderSearchBox();

    type('xyz');
    await settle();

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(SEARCH_MESSAGES.noResults);
  });

  it('shows the server message when the search is refused', async () => {
    mockFetch(() => ({ status: 400, body: { statusCode: 400, message: SEARCH_MESSAGES.tooLong } }));
    await renderSearchBox();

    type('a'.repeat(200));
    await settle();

    expect(screen.getByRole('status').textContent).toBe(SEARCH_MESSAGES.tooLong);
  });
});
