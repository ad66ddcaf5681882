import type { CSSProperties } from 'react';
import './avatar.css';

/** The first letter of the name, capitalised the Turkish way (i → İ). */
function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase('tr-TR') : '?';
}

/**
 * A member's picture, or a circle with their initial when they have none. Decorative: the name
 * is always written beside it.
 */
export function Avatar({
  name,
  imageUrl,
  size = 36,
  className,
}: {
  name: string;
  imageUrl: string | null;
  size?: number;
  className?: string;
}) {
  const style = { '--avatar-size': `${size}px` } as CSSProperties;
  const classes = className ? `avatar ${className}` : 'avatar';
  if (imageUrl) {
    return (
      <img className={classes} style={style} src={imageUrl} alt="" width={size} height={size} />
    );
  }
  return (
    <span className={`${classes} avatar--initial`} style={style} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
