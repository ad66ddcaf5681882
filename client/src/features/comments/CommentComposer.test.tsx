import { SEND_KEY_PATTERN } from '@seyirlik/shared-contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CommentComposer } from './CommentComposer';

function renderComposer(onSend: (text: string, spoiler: boolean, clientKey: string) => Promise<void>) {
  render(<CommentComposer label="Yorumunuz" placeholder="Düşüncelerinizi yazın..." submitLabel="Gönder" onSend={onSend} />);
  return {
    field: screen.getByRole('textbox', { name: 'Yorumunuz' }),
    send: screen.getByRole('button', { name: 'Gönder' }) as HTMLButtonElement,
    counter: () => screen.getByText(/karakter kaldı|Maksimum/).textContent,
  };
}

const counterText = () => screen.getByText(/karakter kaldı|Maksimum/).textContent;

describe('CommentComposer', () => {
  it('counts down what is left, an emoji or a short code counting as one, and reads the seed’s text at the limit', () => {
    const { field, counter } = renderComposer(jest.fn());
    expect(counter()).toBe('500 karakter kaldı');

    fireEvent.change(field, { target: { value: `${'a'.repeat(497)}😂` } });
    expect(counter()).toBe('2 karakter kaldı');

    fireEvent.change(field, { target: { value: `${'a'.repeat(498)}😂:fire:` } });
    expect(counter()).toBe('Maksimum karakter sayısına ulaştınız.');
  });

  it('does not send an empty comment, spaces only, or one over the limit', () => {
    const onSend = jest.fn();
    const { field, send } = renderComposer(onSend);
    expect(send.disabled).toBe(true);

    fireEvent.change(field, { target: { value: '   \n ' } });
    expect(send.disabled).toBe(true);
    fireEvent.submit(field.closest('form')!);

    fireEvent.change(field, { target: { value: `${'a'.repeat(500)}😂` } });
    expect(send.disabled).toBe(true);
    expect(screen.getByText('Maksimum karakter sayısına ulaştınız.')).toBeTruthy();
    fireEvent.submit(field.closest('form')!);

    expect(onSend).not.toHaveBeenCalled();
  });

  it('says HTML is not allowed and sends nothing while the text holds a tag', () => {
    const onSend = jest.fn();
    const { field, send } = renderComposer(onSend);

    fireEvent.change(field, { target: { value: 'Bak <script>alert(1)</script>' } });
    expect(screen.getByText('HTML etiketi ve betik kullanılamaz; lütfen düz metin yazınız.')).toBeTruthy();
    expect(send.disabled).toBe(true);
    fireEvent.submit(field.closest('form')!);
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: 'a < b & <3' } });
    expect(counterText()).toBe('490 karakter kaldı');
    expect(send.disabled).toBe(false);
  });

  it('sends the text and spoiler flag, stays disabled while sending, and empties after it was sent', async () => {
    let finish!: () => void;
    const onSend = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { field, send } = renderComposer(onSend);

    fireEvent.change(field, { target: { value: 'Sonu çok iyiydi 🔥' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Spoiler içeriyor' }));
    fireEvent.click(send);

    expect(onSend).toHaveBeenCalledWith('Sonu çok iyiydi 🔥', true, expect.stringMatching(SEND_KEY_PATTERN));
    expect(send.disabled).toBe(true);
    expect(send.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledTimes(1);

    await act(async () => finish());

    expect((field as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByRole('checkbox', { name: 'Spoiler içeriyor' }) as HTMLInputElement).checked).toBe(false);
  });

  it('keeps the text when sending failed', async () => {
    const { field, send } = renderComposer(() => Promise.reject(new Error('refused')));

    fireEvent.change(field, { target: { value: 'Tekrar denerim' } });
    await act(async () => fireEvent.click(send));

    expect((field as HTMLTextAreaElement).value).toBe('Tekrar denerim');
    expect(send.disabled).toBe(false);
  });

  it('retries a failed send under the same key, and takes a new key for new text and after a success', async () => {
    const outcomes = [false, false, false, true, true];
    const onSend = jest.fn(async () => {
      if (!outcomes.shift()) throw new Error('refused');
    });
    const { field, send } = renderComposer(onSend);
    const keys = () => onSend.mock.calls.map((call) => (call as unknown as [string, boolean, string])[2]);

    fireEvent.change(field, { target: { value: 'Tekrar denerim' } });
    await act(async () => fireEvent.click(send));
    await act(async () => fireEvent.click(send));
    fireEvent.change(field, { target: { value: 'Tekrar denerim!' } });
    await act(async () => fireEvent.click(send));
    await act(async () => fireEvent.click(send));
    fireEvent.change(field, { target: { value: 'Tekrar denerim!' } });
    await act(async () => fireEvent.click(send));

    const [first, retry, changed, changedRetry, afterSuccess] = keys();
    expect(onSend.mock.calls.map((call) => (call as unknown as [string])[0])).toEqual([
      'Tekrar denerim',
      'Tekrar denerim',
      'Tekrar denerim!',
      'Tekrar denerim!',
      'Tekrar denerim!',
    ]);
    expect(first).toMatch(SEND_KEY_PATTERN);
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
    expect(changedRetry).toBe(changed);
    expect(afterSuccess).not.toBe(changed);
  });

  it('inserts a picked emoji where the cursor is', () => {
    const { field, counter } = renderComposer(jest.fn());
    fireEvent.change(field, { target: { value: 'harika son' } });
    (field as HTMLTextAreaElement).setSelectionRange(6, 6);

    fireEvent.click(screen.getByRole('button', { name: ':joy:' }));

    expect((field as HTMLTextAreaElement).value).toBe('harika😂 son');
    expect(counter()).toBe('489 karakter kaldı');
  });
});
