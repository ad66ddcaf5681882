import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from 'pino';

/** A stall longer than this is logged as a warning the moment the loop runs again. */
export const EVENT_LOOP_WARN_MS = 100;

export interface EventLoopMonitorOptions {
  /** How often the delay histogram is read (and a stall warned about). */
  checkEveryMs?: number;
  /** How often a metric line with the period's delays is logged. */
  reportEveryMs?: number;
}

const toMs = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;

/**
 * Measures how late the event loop runs timers (perf_hooks.monitorEventLoopDelay): every check
 * whose worst delay passed EVENT_LOOP_WARN_MS logs a warning `event loop delayed`, and every
 * report period logs `event loop delay` with the period's mean, p99 and max, in milliseconds.
 */
export function watchEventLoop(logger: Logger, options: EventLoopMonitorOptions = {}): { stop(): void } {
  const checkEveryMs = options.checkEveryMs ?? 1000;
  const reportEveryMs = options.reportEveryMs ?? 60_000;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let period = { maxMs: 0, p99Ms: 0, meanSum: 0, checks: 0, stalls: 0 };
  let lastReport = Date.now();

  const check = setInterval(() => {
    const delay = { maxMs: toMs(histogram.max), p99Ms: toMs(histogram.percentile(99)), meanMs: toMs(histogram.mean) };
    histogram.reset();
    if (delay.maxMs > EVENT_LOOP_WARN_MS) {
      period.stalls += 1;
      logger.warn({ eventLoopDelayMs: delay }, 'event loop delayed');
    }
    period.maxMs = Math.max(period.maxMs, delay.maxMs);
    period.p99Ms = Math.max(period.p99Ms, delay.p99Ms);
    period.meanSum += delay.meanMs;
    period.checks += 1;
    if (Date.now() - lastReport >= reportEveryMs) {
      const meanMs = Math.round((period.meanSum / period.checks) * 100) / 100;
      logger.info({ eventLoopDelayMs: { meanMs, p99Ms: period.p99Ms, maxMs: period.maxMs }, stalls: period.stalls }, 'event loop delay');
      period = { maxMs: 0, p99Ms: 0, meanSum: 0, checks: 0, stalls: 0 };
      lastReport = Date.now();
    }
  }, checkEveryMs);
  check.unref();

  return {
    stop: () => {
      clearInterval(check);
      histogram.disable();
    },
  };
}
