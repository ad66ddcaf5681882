import type { ReactNode } from 'react';
import { TEXT } from '../app/messages';

/** A placeholder with the loading shine (base.css `.skeleton`), sized by its own class. */
export function SkeletonBlock({ className }: { className: string }) {
  return <span className={`skeleton ${className}`} aria-hidden="true" />;
}

/**
 * A part of the page that is still loading, drawn as its placeholders: screen readers hear
 * "Yükleniyor..." once, the placeholders themselves are hidden from them.
 */
export function SkeletonStatus({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div className={className} role="status" aria-busy="true">
      <span className="visually-hidden">{TEXT.loading}</span>
      {children}
    </div>
  );
}
