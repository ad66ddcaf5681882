import { seededRandom } from '../../../test/harness/seeded-random';
import { minuteClock } from './minute-clock';

describe('minuteClock', () => {
  const format = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Istanbul' });

  it("gives the format's text for 20,000 random times from 1990 to 2030, Istanbul's daylight saving years included", () => {
    const sut = minuteClock(format);
    const random = seededRandom(1129);
    const from = Date.UTC(1990, 0, 1);
    const span = Date.UTC(2030, 0, 1) - from;
    for (let at = 0; at < 20_000; at += 1) {
      // Half of them asked again within their minute, so kept texts are read as well as made.
      const ms = from + Math.floor(random() * span);
      for (const time of [ms, ms - (ms % 60_000) + Math.floor(random() * 60_000)]) {
        const iso = new Date(time).toISOString();
        expect(sut(iso)).toBe(format.format(new Date(iso)));
      }
    }
  });

  it("tells a minute's last millisecond from the next minute's first, across a change of the clocks", () => {
    const sut = minuteClock(format);
    // 27 March 2016, 03:00 in Istanbul: the clocks went forward an hour, the last time they moved.
    for (const iso of ['2016-03-27T00:59:59.999Z', '2016-03-27T01:00:00.000Z', '2025-11-21T18:30:59.999Z', '2025-11-21T18:31:00.000Z']) {
      expect(sut(iso)).toBe(format.format(new Date(iso)));
    }
    expect(sut('2016-03-27T00:59:59.999Z')).toBe('27/03 02:59');
    expect(sut('2016-03-27T01:00:00.000Z')).toBe('27/03 04:00');
  });
});
