import { useState, type ReactNode } from 'react';

/** Seed §4: hidden until clicked, then revealed (and not hidden again). */
export function SpoilerVeil({ label, children }: { label: string; children: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  if (revealed) return <>{children}</>;
  return (
    <button type="button" className="comment-veil" onClick={() => setRevealed(true)}>
      {label}
    </button>
  );
}
