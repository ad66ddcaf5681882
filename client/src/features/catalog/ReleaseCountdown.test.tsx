import { act, render, screen } from '@testing-library/react';
import { ReleaseCountdown } from './ReleaseCountdown';

const NOW = new Date('2025-05-19T12:00:00.000Z');

/** The countdown's numbers by unit, as the visitor reads them. */
function shownParts() {
  const timer = screen.getByRole('timer', { name: 'Yayına kalan süre' });
  return Object.fromEntries(
    Array.from(timer.querySelectorAll('li')).map((part) => [
      part.dataset.unit,
      part.textContent,
    ]),
  );
}

describe('ReleaseCountdown', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows days, hours, minutes and seconds and ticks every second', () => {
    // 2 days, 3 hours, 4 minutes and 5 seconds ahead.
    const releaseAt = new Date(NOW.getTime() + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000);

    render(<ReleaseCountdown releaseAt={releaseAt.toISOString()} />);

    expect(shownParts()).toEqual({
      days: '02gün',
      hours: '03saat',
      minutes: '04dakika',
      seconds: '05saniye',
    });

    act(() => jest.advanceTimersByTime(1000));
    expect(shownParts().seconds).toBe('04saniye');

    act(() => jest.advanceTimersByTime(5000));
    expect(shownParts()).toEqual({
      days: '02gün',
      hours: '03saat',
      minutes: '03dakika',
      seconds: '59saniye',
    });
  });

  it('is replaced by the on-air message at zero and stops ticking', () => {
    const releaseAt = new Date(NOW.getTime() + 3000).toISOString();
    render(<ReleaseCountdown releaseAt={releaseAt} />);

    act(() => jest.advanceTimersByTime(2000));
    expect(shownParts().seconds).toBe('01saniye');
    expect(screen.queryByText('Yayında')).toBeNull();

    act(() => jest.advanceTimersByTime(1000));

    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Yayında');
    expect(jest.getTimerCount()).toBe(0);
  });
});
