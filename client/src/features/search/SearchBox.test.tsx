import { LIMITS } from '@seyirlik/shared-contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SearchBox } from './SearchBox';

const HINT = 'En az 3 karakter giriniz.';

function type(text: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Dizi, film veya anime ara' }), {
    target: { value: text },
  });
}

describe('SearchBox', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows the placeholder and no hint while empty', () => {
    render(<SearchBox />);

    expect(screen.getByRole('searchbox').getAttribute('placeholder')).toBe(
      'Dizi, film veya anime ara...',
    );
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('asks for more characters once the visitor pauses on a too short query', () => {
    render(<SearchBox />);

    type('ku');
    act(() => jest.advanceTimersByTime(LIMITS.liveSearchDebounceMs - 1));
    expect(screen.queryByText(HINT)).toBeNull();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(screen.getByRole('searchbox').getAttribute('aria-describedby')).toBe(
      screen.getByText(HINT).id,
    );
  });

  it('drops the hint at the minimum length and ignores surrounding spaces', () => {
    render(<SearchBox />);
    type('ku');
    act(() => jest.advanceTimersByTime(LIMITS.liveSearchDebounceMs));

    type('kur');
    act(() => jest.advanceTimersByTime(LIMITS.liveSearchDebounceMs));
    expect(screen.queryByText(HINT)).toBeNull();

    type('  k  ');
    act(() => jest.advanceTimersByTime(LIMITS.liveSearchDebounceMs));
    expect(screen.getByText(HINT)).toBeTruthy();

    type('   ');
    act(() => jest.advanceTimersByTime(LIMITS.liveSearchDebounceMs));
    expect(screen.queryByText(HINT)).toBeNull();
  });
});
