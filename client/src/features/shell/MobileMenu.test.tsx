import { act, fireEvent, screen } from '@testing-library/react';
import { renderInRouter } from '../../../test/renderInRouter';
import { MobileMenu } from './MobileMenu';

async function renderMenu(path = '/') {
  const view = renderInRouter(<MobileMenu />, { path });
  const toggle = await screen.findByRole('button', { name: 'Menüyü aç' });
  return { ...view, toggle };
}

/** Clicks a link and waits until the router has finished the navigation it starts. */
async function follow(link: HTMLElement, router: ReturnType<typeof renderInRouter>['router']) {
  const resolved = new Promise<void>((resolve) => {
    const unsubscribe = router.subscribe('onResolved', () => {
      unsubscribe();
      resolve();
    });
  });
  await act(async () => {
    fireEvent.click(link);
    await resolved;
  });
}

const menu = () => screen.queryByRole('dialog', { name: 'Menü' });

describe('MobileMenu', () => {
  beforeEach(() => {
    // The router scrolls to the top after each navigation; jsdom has no scrolling.
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('opens with the navigation and a search field, and moves focus into it', async () => {
    const { toggle } = await renderMenu();
    expect(menu()).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);

    const dialog = menu();
    expect(dialog).not.toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(dialog?.id);
    expect(screen.getByRole('link', { name: 'Anasayfa' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Dizi, film veya anime ara' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menüyü kapat' }));
  });

  it('closes with the close button and gives focus back to the menu button', async () => {
    const { toggle } = await renderMenu();
    fireEvent.click(toggle);

    fireEvent.click(screen.getByRole('button', { name: 'Menüyü kapat' }));

    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('closes with Escape', async () => {
    const { toggle } = await renderMenu();
    fireEvent.click(toggle);

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    expect(menu()).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes on a click outside the panel', async () => {
    const { toggle } = await renderMenu();
    fireEvent.click(toggle);

    fireEvent.click(document.querySelector('.mobile-menu__backdrop') as Element);

    expect(menu()).toBeNull();
  });

  it('ignores other keys', async () => {
    const { toggle } = await renderMenu();
    fireEvent.click(toggle);

    fireEvent.keyDown(document.body, { key: 'Enter' });

    expect(menu()).not.toBeNull();
  });

  it('closes when the visitor follows one of its links', async () => {
    const { toggle, router } = await renderMenu('/olmayan-sayfa');
    fireEvent.click(toggle);

    await follow(screen.getByRole('link', { name: 'Anasayfa' }), router);

    expect(screen.getByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(menu()).toBeNull();
  });

  it('closes when the visitor follows a link to the page already open', async () => {
    const { toggle, router } = await renderMenu('/');
    fireEvent.click(toggle);

    await follow(screen.getByRole('link', { name: 'Anasayfa' }), router);

    expect(menu()).toBeNull();
  });

  it('closes when the page changes by other means', async () => {
    const { toggle, router } = await renderMenu('/olmayan-sayfa');
    fireEvent.click(toggle);

    await act(() => router.navigate({ to: '/' }));

    expect(menu()).toBeNull();
  });
});
