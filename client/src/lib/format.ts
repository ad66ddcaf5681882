/** Numbers, dates and clock times as Turkish writes them, for every feature that shows one. */

/*
 * The day and the rating are written out by hand, as Intl.DateTimeFormat('tr-TR', { day: 'numeric',
 * month: 'long', year: 'numeric' }) and Intl.NumberFormat('tr-TR') with one decimal write them (a
 * test holds them equal). The first Intl.DateTimeFormat a page makes loads the locale's calendar
 * data: on a mid-range phone that held the first screen back by about 200 ms, and the home, title
 * and watch pages all write days in their first screen.
 */
const MONTHS = ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'] as const;

/** A day in words, in the visitor's time zone: "19 Mayıs 2025". */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** An IMDb rating (one decimal, 0 to 10): 7.5 is "7,5", 8 is "8,0". */
export function formatImdb(rating: number): string {
  return rating.toFixed(1).replace('.', ',');
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
