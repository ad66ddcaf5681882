import { PRICING_MESSAGES as M, type PricingInfo } from '@seyirlik/shared-contracts';
import { fireEvent, screen } from '@testing-library/react';
import { FakeSocket } from '../../../test/FakeSocket';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

const pricing: PricingInfo = {
  currency: 'TRY',
  plans: [
    { id: 'ucretsiz', name: 'Ücretsiz', description: 'Reklamlı.', monthly: 0, annual: 0, features: [], highlighted: false },
    { id: 'standart', name: 'Standart', description: 'Reklamsız.', monthly: 50, annual: 480, features: ['Reklamsız izleme'], highlighted: true },
  ],
};

const text = (id: string) => screen.getByTestId(`price-${id}`).textContent?.replace(/\s/g, ' ');

describe('/fiyatlandirma', () => {
  prepareAppRoutes();

  beforeEach(() => {
    renderAppAt('/fiyatlandirma', (url) => {
      if (url === '/api/auth/session') return { status: 200, body: { user: null, recaptchaSiteKey: null } };
      if (url === '/api/pricing') return { status: 200, body: pricing };
      return { status: 404 };
    });
  });

  it('shows the configured plans monthly first', async () => {
    expect(await screen.findByRole('heading', { level: 2, name: 'Standart' })).toBeTruthy();
    expect(screen.getByRole('button', { name: M.monthly }).getAttribute('aria-pressed')).toBe('true');
    expect(text('standart')).toBe(`₺50 ${M.perMonth}`);
    expect(text('ucretsiz')).toBe(M.free);
    expect(screen.getByText(M.highlighted)).toBeTruthy();
  });

  it('flips between the monthly and annual amounts', async () => {
    await screen.findByRole('heading', { level: 2, name: 'Standart' });

    fireEvent.click(screen.getByRole('button', { name: M.annual }));

    expect(text('standart')).toBe(`₺480 ${M.perYear}`);
    expect(screen.getByText(M.annualSaving(20))).toBeTruthy();
    expect(screen.getByRole('button', { name: M.annual }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: M.monthly }));

    expect(text('standart')).toBe(`₺50 ${M.perMonth}`);
    expect(screen.queryByText(M.annualSaving(20))).toBeNull();
  });
});
