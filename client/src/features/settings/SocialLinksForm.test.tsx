import { ACCOUNT_MESSAGES } from '@seyirlik/shared-contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { buildMyAccount } from '../../../test/builders';
import { mockFetch, sentBody } from '../../../test/mockFetch';
import { Toaster } from '../toast/Toaster';
import { SocialLinksForm } from './SocialLinksForm';

function renderSocialLinksForm(onSaved = jest.fn()) {
  render(
    <Provider store={createStore()}>
      <SocialLinksForm account={buildMyAccount()} onSaved={onSaved} />
      <Toaster />
    </Provider>,
  );
  return { onSaved };
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('SocialLinksForm', () => {
  it('refuses to send while one of the three is empty', async () => {
    const fetchMock = mockFetch(() => ({ status: 500 }));
    renderSocialLinksForm();
    fill('Facebook', 'ayse.yilmaz');
    fill('Instagram', 'ayse_izliyor');

    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.socialFieldsRequired)).toBeTruthy();
    expect(screen.getByLabelText('X (Twitter)').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the three handles, taken from profile addresses where given', async () => {
    const saved = buildMyAccount({
      social: { facebook: 'ayse.yilmaz', twitter: 'ayseyilmaz', instagram: 'ayse_izliyor' },
    });
    const fetchMock = mockFetch(() => ({
      status: 200,
      body: { account: saved, message: ACCOUNT_MESSAGES.socialSaved },
    }));
    const { onSaved } = renderSocialLinksForm();
    fill('Facebook', 'https://www.facebook.com/ayse.yilmaz');
    fill('X (Twitter)', '@ayseyilmaz');
    fill('Instagram', 'ayse_izliyor');

    fireEvent.click(screen.getByRole('button', { name: 'Kaydet' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.socialSaved)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/me/social',
      expect.objectContaining({ method: 'PUT' }),
    );
    expect(sentBody(fetchMock)).toEqual({
      facebook: 'ayse.yilmaz',
      twitter: 'ayseyilmaz',
      instagram: 'ayse_izliyor',
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  });
});
