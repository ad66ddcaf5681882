import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { CINEMA_BODY_CLASS } from './cinemaMode';
import { CinemaStage } from './CinemaStage';
import { WATCH_TEXT } from './texts';

function renderStage() {
  return render(
    <Provider store={createStore()}>
      <CinemaStage player={<button type="button">oynatıcı</button>} controls={null} />
      <p>yorumlar</p>
    </Provider>,
  );
}

describe('cinema mode', () => {
  it('turns on by its control and off by a click outside the player, not inside it', () => {
    renderStage();
    expect(document.body.classList.contains(CINEMA_BODY_CLASS)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXT.cinemaOn }));
    expect(screen.getByRole('button', { name: WATCH_TEXT.cinemaOff }).getAttribute('aria-pressed')).toBe('true');
    expect(document.body.classList.contains(CINEMA_BODY_CLASS)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'oynatıcı' }));
    expect(document.body.classList.contains(CINEMA_BODY_CLASS)).toBe(true);

    fireEvent.click(screen.getByText('yorumlar'));
    expect(screen.getByRole('button', { name: WATCH_TEXT.cinemaOn }).getAttribute('aria-pressed')).toBe('false');
    expect(document.body.classList.contains(CINEMA_BODY_CLASS)).toBe(false);
  });

  it('turns off by its control too, and when the page goes', () => {
    const { unmount } = renderStage();
    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXT.cinemaOn }));
    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXT.cinemaOff }));
    expect(document.body.classList.contains(CINEMA_BODY_CLASS)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXT.cinemaOn }));
    unmount();
    expect(document.body.classList.contains(CINEMA_BODY_CLASS)).toBe(false);
  });
});
