import { act, fireEvent, render, screen } from '@testing-library/react';
import { BackToTopButton } from './BackToTopButton';

function scrollPageTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('BackToTopButton', () => {
  afterEach(() => {
    scrollPageTo(0);
    jest.restoreAllMocks();
  });

  it('stays hidden near the top of the page', () => {
    render(<BackToTopButton />);

    scrollPageTo(400);

    expect(screen.queryByRole('button', { name: 'Yukarı çık' })).toBeNull();
  });

  it('appears after scrolling down and hides again back at the top', () => {
    render(<BackToTopButton />);

    scrollPageTo(401);
    expect(screen.getByRole('button', { name: 'Yukarı çık' })).toBeTruthy();

    scrollPageTo(0);
    expect(screen.queryByRole('button', { name: 'Yukarı çık' })).toBeNull();
  });

  it('is already shown when the page opens scrolled down', () => {
    scrollPageTo(1200);

    render(<BackToTopButton />);

    expect(screen.getByRole('button', { name: 'Yukarı çık' })).toBeTruthy();
  });

  it('scrolls smoothly to the top when clicked', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<BackToTopButton />);
    scrollPageTo(900);

    fireEvent.click(screen.getByRole('button', { name: 'Yukarı çık' }));

    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
