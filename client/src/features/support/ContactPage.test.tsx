import { CONTACT_MESSAGES as M, MESSAGES } from '@seyirlik/shared-contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { sentBody } from '../../../test/mockFetch';
import { FakeSocket } from '../../../test/FakeSocket';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';
import type { FakeReply } from '../../../test/mockFetch';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

function renderContact(contact: () => FakeReply) {
  return renderAppAt('/iletisim', (url) => {
    if (url === '/api/auth/session') return { status: 200, body: { user: null, recaptchaSiteKey: null } };
    if (url === '/api/contact') return contact();
    return { status: 404 };
  });
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const contactCalls = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([url]) => url === '/api/contact');

describe('/iletisim', () => {
  prepareAppRoutes();

  it("sends nothing while a field is empty and says the seed's text", async () => {
    const { fetchMock } = renderContact(() => ({ status: 201, body: { message: M.sent } }));
    await screen.findByRole('heading', { level: 1, name: M.heading });
    fill(M.name, 'Ayşe');
    fill(M.email, 'ayse@example.com');

    fireEvent.click(screen.getByRole('button', { name: M.send }));

    expect(await screen.findAllByText('Lütfen tüm alanları doldurunuz.')).toHaveLength(2);
    expect(contactCalls(fetchMock)).toHaveLength(0);
  });

  it('refuses a malformed address before sending', async () => {
    const { fetchMock } = renderContact(() => ({ status: 201, body: { message: M.sent } }));
    await screen.findByRole('heading', { level: 1, name: M.heading });
    fill(M.name, 'Ayşe');
    fill(M.email, 'ayse@');
    fill(M.subject, 'Soru');
    fill(M.message, 'Merhaba');

    fireEvent.click(screen.getByRole('button', { name: M.send }));

    expect(await screen.findByText(M.emailInvalid)).toBeTruthy();
    expect(contactCalls(fetchMock)).toHaveLength(0);
  });

  it('sends the four fields and shows the confirmation', async () => {
    const { fetchMock } = renderContact(() => ({ status: 201, body: { message: M.sent } }));
    await screen.findByRole('heading', { level: 1, name: M.heading });
    fill(M.name, ' Ayşe ');
    fill(M.email, 'ayse@example.com');
    fill(M.subject, 'Soru');
    fill(M.message, '<b>Merhaba</b>');

    fireEvent.click(screen.getByRole('button', { name: M.send }));

    expect((await screen.findByRole('status')).textContent).toContain(M.sent);
    const index = fetchMock.mock.calls.findIndex(([url]) => url === '/api/contact');
    expect(sentBody(fetchMock, index)).toEqual({ name: 'Ayşe', email: 'ayse@example.com', subject: 'Soru', message: '<b>Merhaba</b>' });
  });

  it("shows the server's Turkish refusal and keeps the form", async () => {
    renderContact(() => ({ status: 429, body: { message: MESSAGES.tooManyRequests } }));
    await screen.findByRole('heading', { level: 1, name: M.heading });
    fill(M.name, 'Ayşe');
    fill(M.email, 'ayse@example.com');
    fill(M.subject, 'Soru');
    fill(M.message, 'Merhaba');

    fireEvent.click(screen.getByRole('button', { name: M.send }));

    expect(await screen.findByText(MESSAGES.tooManyRequests)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: M.send }).hasAttribute('disabled')).toBe(false));
    expect((screen.getByLabelText(M.message) as HTMLTextAreaElement).value).toBe('Merhaba');
  });
});
