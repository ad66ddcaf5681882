const clock = new Intl.DateTimeFormat('tr-TR', { hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'short' });

/** A message's time: the hour today, the day before that. */
export function messageTime(iso: string, now = new Date()): string {
  const sent = new Date(iso);
  return sent.toDateString() === now.toDateString() ? clock.format(sent) : day.format(sent);
}
