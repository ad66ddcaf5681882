import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import type { Express, Request, Response } from 'express';
import { type Observable, tap } from 'rxjs';
import { carriesSessionCookie, PublicReadCache } from './public-read-cache';

export interface PublicReadOptions {
  /**
   * The answer is the same for every visitor but not for members (the session): it is cached for,
   * and served to, requests without the session cookie only.
   */
  visitorsOnly?: boolean;
}

const PUBLIC_READ = Symbol('PUBLIC_READ');

/** Stores the answers of a @PublicRead handler in the PublicReadCache. */
@Injectable()
export class PublicReadInterceptor implements NestInterceptor {
  private etagOf: ((body: Buffer) => string | undefined) | null | undefined;

  constructor(
    private readonly cache: PublicReadCache,
    private readonly reflector: Reflector,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const { visitorsOnly = false } = this.reflector.get<PublicReadOptions | undefined>(PUBLIC_READ, context.getHandler()) ?? {};
    if (!this.cache.enabled || request.method !== 'GET' || (visitorsOnly && carriesSessionCookie(request.headers.cookie))) {
      return next.handle();
    }
    // Taken before the handler reads the database: a clear() during the read voids the answer.
    const generation = this.cache.generation;
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      tap((result) => {
        if (!this.sentAsPlainJson(result, response)) return;
        const body = Buffer.from(JSON.stringify(result));
        this.cache.store(request.originalUrl, { body, etag: this.etag(body), visitorsOnly }, generation);
      }),
    );
  }

  /**
   * Whether the normal path will send `result` as res.json does with nothing else: status 200 and
   * no header of the handler's own, which the front would not repeat.
   */
  private sentAsPlainJson(result: unknown, response: Response): result is object {
    return typeof result === 'object' && result !== null && response.statusCode === 200 && !response.headersSent && response.getHeaderNames().length === 0;
  }

  /** The ETag res.send gives the same body, by Express's own `etag fn` setting. */
  private etag(body: Buffer): string | null {
    if (this.etagOf === undefined) {
      const etagFn: unknown = this.adapterHost.httpAdapter.getInstance<Express>().get('etag fn');
      this.etagOf = typeof etagFn === 'function' ? (etagFn as (body: Buffer) => string | undefined) : null;
    }
    return this.etagOf?.(body) ?? null;
  }
}

/**
 * Marks a GET handler whose answer depends on the catalog alone (never on the viewer, unless
 * `visitorsOnly`): its 200 answers are kept in the PublicReadCache and served from memory by the
 * front handler. Only for handlers that return a JSON value and set no header.
 */
export const PublicRead = (options: PublicReadOptions = {}) =>
  applyDecorators(SetMetadata(PUBLIC_READ, options), UseInterceptors(PublicReadInterceptor));
