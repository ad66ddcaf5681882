import { ACCOUNT_MESSAGES } from '@seyirlik/shared-contracts';
import { fireEvent, screen } from '@testing-library/react';
import { renderInRouter } from '../../../test/renderInRouter';
import { AgeGate } from './AgeGate';

const EIGHTEEN_DAYS_IN_SECONDS = 18 * 24 * 60 * 60;

function renderGatedPage(path = '/dizi/yetiskin') {
  return renderInRouter(
    <AgeGate>
      <p>yetişkin içerik</p>
    </AgeGate>,
    { path },
  );
}

function clearCookies() {
  for (const name of ['censor', 'level']) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

describe('AgeGate', () => {
  beforeEach(() => {
    // The router scrolls to the top after each navigation; jsdom has no scrolling.
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
    clearCookies();
  });

  it('asks before showing the content', async () => {
    renderGatedPage();

    const gate = await screen.findByRole('dialog');
    expect(gate.textContent).toContain(ACCOUNT_MESSAGES.ageGateQuestion);
    expect(screen.queryByText('yetişkin içerik')).toBeNull();
  });

  it('confirming sets censor=1 and level=18 for 18 days and shows the content', async () => {
    const cookieWrites = jest.spyOn(document, 'cookie', 'set');
    renderGatedPage();

    fireEvent.click(await screen.findByRole('button', { name: ACCOUNT_MESSAGES.ageGateConfirm }));

    expect(screen.getByText('yetişkin içerik')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cookieWrites.mock.calls.map(([cookie]) => cookie)).toEqual([
      `censor=1; Max-Age=${EIGHTEEN_DAYS_IN_SECONDS}; Path=/; SameSite=Lax`,
      `level=18; Max-Age=${EIGHTEEN_DAYS_IN_SECONDS}; Path=/; SameSite=Lax`,
    ]);
    expect(document.cookie.split('; ').sort()).toEqual(['censor=1', 'level=18']);
  });

  it('does not ask again while the cookie is there', async () => {
    document.cookie = 'censor=1; Path=/';

    renderGatedPage();

    expect(await screen.findByText('yetişkin içerik')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refusing goes to the home page without setting a cookie', async () => {
    const { router } = renderGatedPage();

    fireEvent.click(await screen.findByRole('button', { name: ACCOUNT_MESSAGES.ageGateRefuse }));

    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(document.cookie).toBe('');
  });
});
