import { LIMITS } from '@seyirlik/shared-contracts';
import { useEffect } from 'react';
import { TEXT } from '../../app/messages';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from '../../ui/icons';
import { useDismissToast, useToasts, type Toast, type ToastKind } from './toasts';
import './toasts.css';

const ICONS: Record<ToastKind, typeof CheckIcon> = {
  success: CheckIcon,
  error: AlertIcon,
  info: InfoIcon,
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <section className="toaster" aria-label={TEXT.notificationsLabel} aria-live="polite">
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
    </section>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const dismiss = useDismissToast();
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), LIMITS.toastDurationMs);
    return () => clearTimeout(timer);
  }, [dismiss, toast.id]);

  const Icon = ICONS[toast.kind];
  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : undefined}
    >
      <Icon className="toast__icon" />
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label={TEXT.closeToast}
        onClick={() => dismiss(toast.id)}
      >
        <CloseIcon width={16} height={16} />
      </button>
      <span
        className="toast__timer"
        style={{ animationDuration: `${LIMITS.toastDurationMs}ms` }}
        aria-hidden="true"
      />
    </div>
  );
}
