/** Numbers, dates and clock times as Turkish writes them, for every feature that shows one. */

const longDate = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric' });
const oneDecimal = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A day in words: "19 Mayıs 2025". */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** An IMDb rating: 7.5 is "7,5". */
export function formatImdb(rating: number): string {
  return oneDecimal.format(rating);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A position as a player shows it: 4:05, or 1:02:03 from an hour on. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = twoDigits(seconds % 60);
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${rest}` : `${minutes}:${rest}`;
}
