import { render, screen } from '@testing-library/react';
import { mockFetch } from '../../../test/mockFetch';
import { withQueryClient } from '../../../test/queryClient';
import { HomePage } from './HomePage';

describe('HomePage', () => {
  beforeEach(() => {
    // The greeting is the subject here; the title grid below it stays loading.
    mockFetch(() => new Promise(() => undefined));
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it.each([
    [8, 'Günaydın'],
    [14, 'İyi günler'],
    [21, 'İyi akşamlar'],
    [3, 'İyi geceler'],
    [18, 'İyi akşamlar'],
    [6, 'İyi geceler'],
  ])('greets at %i:00 with "%s"', (hour, greeting) => {
    jest.useFakeTimers({ now: new Date(2025, 4, 19, hour, 30) });

    render(withQueryClient(<HomePage />));

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(greeting);
  });

  it('reads the clock when it renders, not when the module loads', () => {
    jest.useFakeTimers({ now: new Date(2025, 4, 19, 9, 0) });
    const { unmount } = render(withQueryClient(<HomePage />));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Günaydın');
    unmount();

    jest.setSystemTime(new Date(2025, 4, 19, 23, 0));
    render(withQueryClient(<HomePage />));

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('İyi akşamlar');
  });
});
