import { COMMENT_REPORT_REASON_LABELS, CONTENT_REPORT_MESSAGES as M, type SessionUser } from '@seyirlik/shared-contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildSessionUser } from '../../../test/builders';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildFlowPage, buildFlowPost } from '../../../test/flowBuilders';
import { prepareAppRoutes, renderAppAt } from '../../../test/renderApp';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

/** The flow with one post of another member, for `user`; reports answered by `report`. */
function renderFlow(user: SessionUser | null, report: { status: number; body: unknown } = { status: 201, body: { message: M.reportReceived } }) {
  return renderAppAt('/akis', (url) => {
    if (url === '/api/auth/session') return { status: 200, body: { user, recaptchaSiteKey: null } };
    if (url.startsWith('/api/flow?')) return { status: 200, body: buildFlowPage([buildFlowPost(7, 'Bildirilecek gönderi')], 1, false) };
    if (url === '/api/reports') return report;
    return { status: 404 };
  });
}

const reportCalls = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([url]) => url === '/api/reports');

describe('reporting a post', () => {
  prepareAppRoutes();

  it('sends the reason for the post and thanks the member', async () => {
    const { fetchMock } = renderFlow(buildSessionUser());
    const post = (await screen.findByText('Bildirilecek gönderi')).closest('article')!;

    fireEvent.click(within(post).getByRole('button', { name: M.report }));
    const dialog = await screen.findByRole('dialog', { name: M.dialogTitle.post });
    expect(within(dialog).getByText(M.dialogQuestion.post)).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText(COMMENT_REPORT_REASON_LABELS.spam));
    fireEvent.click(within(dialog).getByRole('button', { name: M.report }));

    expect(await screen.findByText(M.reportReceived)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.dialogTitle.post })).toBeNull());
    const [, init] = reportCalls(fetchMock)[0]!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ subject: 'post', targetId: 7, reason: 'spam', description: '' });
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    renderFlow(buildSessionUser(), { status: 409, body: { message: M.reportDuplicate } });
    const post = (await screen.findByText('Bildirilecek gönderi')).closest('article')!;
    fireEvent.click(within(post).getByRole('button', { name: M.report }));
    const dialog = await screen.findByRole('dialog', { name: M.dialogTitle.post });
    fireEvent.click(within(dialog).getByLabelText(COMMENT_REPORT_REASON_LABELS.abuse));
    fireEvent.click(within(dialog).getByRole('button', { name: M.report }));

    expect(await screen.findByText(M.reportDuplicate)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: M.dialogTitle.post })).toBeTruthy();
  });

  it('asks a visitor to log in instead, sending nothing', async () => {
    const { fetchMock } = renderFlow(null);
    const post = (await screen.findByText('Bildirilecek gönderi')).closest('article')!;
    fireEvent.click(within(post).getByRole('button', { name: M.report }));

    expect(await screen.findByRole('dialog', { name: /Giriş/ })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: M.dialogTitle.post })).toBeNull();
    expect(reportCalls(fetchMock)).toEqual([]);
  });
});
