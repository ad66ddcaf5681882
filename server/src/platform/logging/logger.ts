import type { FastifyRequest, onResponseHookHandler } from 'fastify';
import pino, { type Logger } from 'pino';
import type { AppConfig } from '../config/config';

export function createLogger(config: Pick<AppConfig, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** The level of a finished request's line: errors and 5xx as error, 4xx as warn, the rest info. */
function levelOf(statusCode: number): 'error' | 'warn' | 'info' {
  return statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
}

/**
 * One structured line per request (method, path, status, time taken), written when it is
 * answered, except for the requests `unlogged` names; at a level the logger leaves out, the
 * request costs nothing more.
 */
export function requestLogHook(logger: Logger, unlogged: (request: FastifyRequest) => boolean = () => false): onResponseHookHandler {
  return (request, reply, done) => {
    const level = levelOf(reply.statusCode);
    if (logger.isLevelEnabled(level) && !unlogged(request)) {
      logger[level](
        {
          req: { id: request.id, method: request.method, url: request.url },
          res: { statusCode: reply.statusCode },
          responseTime: Math.round(reply.elapsedTime * 1000) / 1000,
        },
        'request completed',
      );
    }
    done();
  };
}
