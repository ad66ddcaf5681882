import type { ReactNode } from 'react';
import { Spinner } from './Spinner';
import './forms.css';

/**
 * A form's submit button (seed §4): while its call runs it is disabled and shows a spinner,
 * keeping its label so it keeps its name.
 */
export function SubmitButton({
  pending,
  children,
  className,
  disabled = false,
}: {
  pending: boolean;
  children: ReactNode;
  className?: string;
  /** Also disabled while there is nothing to send. */
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      className={className ? `button button--primary ${className}` : 'button button--primary'}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
    >
      {pending && <Spinner />}
      <span>{children}</span>
    </button>
  );
}
