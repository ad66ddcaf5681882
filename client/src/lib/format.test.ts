import { formatClock, formatImdb, formatLongDate } from './format';

describe('formatLongDate', () => {
  const intl = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric' });

  it('writes a day as Intl writes it in Turkish, for every month and both ends of each', () => {
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 15, 28]) {
        const date = new Date(2025, month, day, 12, 30);
        expect(formatLongDate(date.toISOString())).toBe(intl.format(date));
      }
      const last = new Date(2024, month + 1, 0, 23, 59);
      expect(formatLongDate(last.toISOString())).toBe(intl.format(last));
    }
  });

  it('writes the day in the visitor’s time zone, as Intl does, around midnight', () => {
    for (const iso of ['2025-05-19T00:00:00.000Z', '2025-12-31T23:30:00.000Z', '2026-01-01T00:10:00+03:00']) {
      expect(formatLongDate(iso)).toBe(intl.format(new Date(iso)));
    }
    expect(formatLongDate(new Date(2025, 4, 19).toISOString())).toBe('19 Mayıs 2025');
    expect(formatLongDate(new Date(2026, 7, 3).toISOString())).toBe('3 Ağustos 2026');
  });
});

describe('formatImdb', () => {
  const intl = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  it('writes every rating a title can have (one decimal, 0 to 10) as Intl writes it in Turkish', () => {
    for (let tenths = 0; tenths <= 100; tenths += 1) {
      const rating = tenths / 10;
      expect(formatImdb(rating)).toBe(intl.format(rating));
    }
    expect(formatImdb(7.5)).toBe('7,5');
    expect(formatImdb(8)).toBe('8,0');
  });
});

describe('formatClock', () => {
  it('writes minutes and seconds, and hours from an hour on', () => {
    expect(formatClock(245)).toBe('4:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-3)).toBe('0:00');
  });
});
