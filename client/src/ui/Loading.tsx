import { TEXT } from '../app/messages';
import { Spinner } from './Spinner';
import './forms.css';

/** A page part that is still loading. */
export function Loading() {
  return (
    <p className="loading" role="status">
      <Spinner size={18} />
      <span>{TEXT.loading}</span>
    </p>
  );
}
