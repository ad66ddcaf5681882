import type { Logger } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from './platform/config/config';
import { createLogger } from './platform/logging/logger';

const SHUTDOWN_DEADLINE_MS = 20_000;

/**
 * Runs a process (server or worker): validates the configuration, starts, and on SIGINT/SIGTERM
 * shuts down in order. A failed start exits 1 after cleaning up; nothing it started outlives it.
 */
export async function runProcess(
  name: string,
  start: (config: AppConfig, logger: Logger) => Promise<{ close(): Promise<void> }>,
): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));

  let running: { close(): Promise<void> };
  try {
    running = await start(config, logger);
  } catch (error) {
    logger.fatal({ err: error }, `${name} failed to start`);
    process.exit(1);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${name} shutting down`);
    setTimeout(() => {
      logger.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    running
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
