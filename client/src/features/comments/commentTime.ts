import { formatLongDate } from '../../lib/format';
import { COMMENT_TEXT } from './texts';

// Made on first use: the comments' code loads as the page is drawn, and making an Intl format costs
// a phone some tens of milliseconds (see lib/format.ts).
let relative: Intl.RelativeTimeFormat | undefined;
let fullTime: Intl.DateTimeFormat | undefined;
const relativeFormat = () => (relative ??= new Intl.RelativeTimeFormat('tr', { numeric: 'auto' }));
const fullTimeFormat = () => (fullTime ??= new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short' }));

const STEPS: ReadonlyArray<[limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, seconds: number]> = [
  [3600, 'minute', 60],
  [86_400, 'hour', 3600],
  [7 * 86_400, 'day', 86_400],
];

/** When a comment was written, as people say it: "az önce", "5 dakika önce", "dün"; a date after a week. */
export function commentAge(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds < 60) return COMMENT_TEXT.justNow;
  const step = STEPS.find(([limit]) => seconds < limit);
  return step ? relativeFormat().format(-Math.floor(seconds / step[2]), step[1]) : formatLongDate(iso);
}

/** The exact time, for the tooltip. */
export const commentTimeTitle = (iso: string) => fullTimeFormat().format(new Date(iso));
