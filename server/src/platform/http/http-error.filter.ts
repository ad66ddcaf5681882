import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import { MESSAGES } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import { AppException } from './app-exception';
import { bodyErrorOf } from './body-parsing';
import { sendError } from './error-reply';
import { type HttpReply, type HttpRequest, pathOf } from './http-types';

/**
 * A file range past the end (the static files' `send` reports 416 with the file's size in
 * `Content-Range: bytes *\/size`): answered 416 with that header and no body.
 */
function answeredUnsatisfiableRange(exception: unknown, response: HttpReply): boolean {
  const failure = exception as { status?: number; statusCode?: number; headers?: Record<string, string> } | null;
  if (exception instanceof HttpException || (failure?.status ?? failure?.statusCode) !== 416) return false;
  const contentRange = failure?.headers?.['Content-Range'];
  if (contentRange) response.header('Content-Range', contentRange);
  void response.code(416).send();
  return true;
}

/** Turns every error into the reply its surface expects, in Turkish; unknown errors are logged and hidden. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: PinoLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const request = host.switchToHttp().getRequest<HttpRequest>();
    const response = host.switchToHttp().getResponse<HttpReply>();
    if (answeredUnsatisfiableRange(exception, response)) return;
    const { status, message } = this.describe(exception);
    if (status >= 500) this.logger.error({ err: exception, path: pathOf(request) }, 'request failed');
    sendError(request, response, status, message);
  }

  private describe(exception: unknown): { status: number; message: string } {
    if (exception instanceof AppException) {
      return { status: exception.getStatus(), message: (exception.getResponse() as { message: string }).message };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return { status, message: messageForStatus(status) };
    }
    // A body refused while it was read, before any handler (see installBodyParsing).
    const refused = bodyErrorOf(exception);
    if (refused) return { status: refused.statusCode, message: refused.message };
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: MESSAGES.serverError };
  }
}

function messageForStatus(status: number): string {
  switch (status) {
    case HttpStatus.NOT_FOUND:
      return MESSAGES.notFound;
    case HttpStatus.UNAUTHORIZED:
      return MESSAGES.loginRequired;
    case HttpStatus.PAYLOAD_TOO_LARGE:
      return MESSAGES.bodyTooLarge;
    case HttpStatus.TOO_MANY_REQUESTS:
      return MESSAGES.tooManyRequests;
    // The cross-site refusal has its own text, sent by the origin check; any other 403 is this one.
    case HttpStatus.FORBIDDEN:
      return MESSAGES.forbidden;
    default:
      return status >= 500 ? MESSAGES.serverError : MESSAGES.invalidInput;
  }
}

