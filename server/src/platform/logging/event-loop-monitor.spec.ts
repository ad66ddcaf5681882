import { Writable } from 'node:stream';
import pino from 'pino';
import { EVENT_LOOP_WARN_MS, watchEventLoop } from './event-loop-monitor';

function captureLogs() {
  const lines: Array<{ level: number; msg: string; eventLoopDelayMs?: { maxMs: number } }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** Waits until `condition` holds or `withinMs` has passed. */
const waitFor = async (condition: () => boolean, withinMs: number) => {
  const until = Date.now() + withinMs;
  while (!condition() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
};

function blockFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('event loop monitor', () => {
  it('warns with the delay when the loop was blocked past the threshold, and reports the period', async () => {
    const { logger, lines } = captureLogs();
    const sut = watchEventLoop(logger, { checkEveryMs: 50, reportEveryMs: 50 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 60));
      const warned = () => lines.some((line) => line.msg === 'event loop delayed');
      // The loop is stalled again (a few times at most) until a stall is reported: on a machine busy
      // with other work, a single stall once went unreported within the wait.
      for (let stall = 0; stall < 5 && !warned(); stall++) {
        blockFor(EVENT_LOOP_WARN_MS + 150);
        await waitFor(warned, 2_000);
      }
      const warning = lines.find((line) => line.msg === 'event loop delayed');
      expect(warning?.level).toBe(40);
      expect(warning?.eventLoopDelayMs?.maxMs).toBeGreaterThan(EVENT_LOOP_WARN_MS);
      await waitFor(() => lines.some((line) => line.msg === 'event loop delay'), 5_000);
      expect(lines.find((line) => line.msg === 'event loop delay')).toMatchObject({ level: 30, eventLoopDelayMs: expect.any(Object) });
    } finally {
      sut.stop();
    }
  });
});
