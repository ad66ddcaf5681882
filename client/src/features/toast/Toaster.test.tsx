import { LIMITS } from '@seyirlik/shared-contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { Toaster } from './Toaster';
import { useToast } from './toasts';

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('Kaydedildi.')}>success</button>
      <button onClick={() => toast.error('Bir hata oluştu.')}>error</button>
      <button onClick={() => toast.info('Bilgi verildi.')}>info</button>
    </>
  );
}

function renderToaster() {
  return render(
    <Provider store={createStore()}>
      <ToastButtons />
      <Toaster />
    </Provider>,
  );
}

describe('Toaster', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows a toast and removes it after the toast duration', () => {
    renderToaster();

    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    expect(screen.getByText('Kaydedildi.')).toBeTruthy();

    act(() => jest.advanceTimersByTime(LIMITS.toastDurationMs - 1));
    expect(screen.queryByText('Kaydedildi.')).not.toBeNull();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Kaydedildi.')).toBeNull();
  });

  it('gives each toast its own three seconds', () => {
    expect(LIMITS.toastDurationMs).toBe(3000);
    renderToaster();

    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    act(() => jest.advanceTimersByTime(2000));
    fireEvent.click(screen.getByRole('button', { name: 'info' }));
    act(() => jest.advanceTimersByTime(1000));

    expect(screen.queryByText('Kaydedildi.')).toBeNull();
    expect(screen.queryByText('Bilgi verildi.')).not.toBeNull();

    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('Bilgi verildi.')).toBeNull();
  });

  it('announces errors as alerts and other kinds politely', () => {
    renderToaster();

    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    fireEvent.click(screen.getByRole('button', { name: 'info' }));

    expect(screen.getByRole('alert').textContent).toContain('Bir hata oluştu.');
    expect(screen.getByRole('region', { name: 'Bildirimler' }).getAttribute('aria-live')).toBe(
      'polite',
    );
    expect(screen.getByText('Bilgi verildi.').closest('.toast')?.className).toContain(
      'toast--info',
    );
  });

  it('closes a toast early with its close button', () => {
    renderToaster();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));

    fireEvent.click(screen.getByRole('button', { name: 'Bildirimi kapat' }));

    expect(screen.queryByText('Kaydedildi.')).toBeNull();
  });
});
