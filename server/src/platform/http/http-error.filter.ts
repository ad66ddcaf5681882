import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import { MESSAGES } from '@seyirlik/shared-contracts';
import type { Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { AppException } from './app-exception';
import { sendError } from './error-reply';

/** Turns every error into the reply its surface expects, in Turkish; unknown errors are logged and hidden. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: PinoLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message } = this.describe(exception);
    if (status >= 500) this.logger.error({ err: exception, path: request.path }, 'request failed');
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
