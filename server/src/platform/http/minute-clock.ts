/** How many minutes' texts a clock keeps: a chat page spans a few, a server's recent messages some hundreds. */
const KEPT_MINUTES = 1024;
const MINUTE_MS = 60_000;

/**
 * `format` (which shows no seconds) as a function of an ISO 8601 time, each minute's text made
 * once: a theme stamps every message with its time, and `Intl.DateTimeFormat.format` takes some
 * 2.5 µs a call, most of a chat message's markup. Kept by the minute since 1970 in UTC, which is
 * the same minute everywhere: every time zone's offset has been whole minutes since the 1920s.
 */
export function minuteClock(format: Intl.DateTimeFormat): (iso: string) => string {
  const texts = new Map<number, string>();
  return (iso) => {
    const ms = Date.parse(iso);
    const minute = Math.floor(ms / MINUTE_MS);
    let text = texts.get(minute);
    if (text === undefined) {
      text = format.format(ms);
      if (texts.size >= KEPT_MINUTES) texts.clear();
      texts.set(minute, text);
    }
    return text;
  };
}
