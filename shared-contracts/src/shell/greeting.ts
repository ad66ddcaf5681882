/** The site's greeting by hour of day (§9 periods: 18–23, 0–6, 7–11, 12–17). */
export const GREETINGS = {
  evening: 'İyi akşamlar',
  night: 'İyi geceler',
  morning: 'Günaydın',
  afternoon: 'İyi günler',
} as const;

export type GreetingPeriod = keyof typeof GREETINGS;

/** Which greeting period an hour (0–23, local time) falls in. */
export function greetingPeriod(hour: number): GreetingPeriod {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
    throw new RangeError(`hour must be an integer from 0 to 23, got ${hour}`);
  }
  if (hour >= 18) return 'evening';
  if (hour <= 6) return 'night';
  if (hour <= 11) return 'morning';
  return 'afternoon';
}

export function greetingFor(hour: number): string {
  return GREETINGS[greetingPeriod(hour)];
}
