import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import pinoHttp, { type HttpLogger } from 'pino-http';
import type { AppConfig } from '../config/config';

export function createLogger(config: Pick<AppConfig, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** One structured line per request: method, path, status and time taken. */
export function createHttpLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (request: IncomingMessage) => (request.headers['x-request-id'] as string | undefined) ?? randomUUID(),
    customLogLevel: (_request: IncomingMessage, response: ServerResponse, error?: Error) =>
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    // One message for every request; the level and the status tell how it went.
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request completed',
    serializers: {
      req: (request: { method: string; url: string; id: string }) => ({ id: request.id, method: request.method, url: request.url }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
  });
}
