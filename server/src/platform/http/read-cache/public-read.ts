import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Observable, tap } from 'rxjs';
import type { HttpReply, HttpRequest } from '../http-types';
import { weakEtag } from '../response-encoding';
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
  constructor(
    private readonly cache: PublicReadCache,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<HttpRequest>();
    const { visitorsOnly = false } = this.reflector.get<PublicReadOptions | undefined>(PUBLIC_READ, context.getHandler()) ?? {};
    if (!this.cache.enabled || request.method !== 'GET' || (visitorsOnly && carriesSessionCookie(request.headers.cookie))) {
      return next.handle();
    }
    // Taken before the handler reads the database: a clear() during the read voids the answer.
    const generation = this.cache.generation;
    const response = context.switchToHttp().getResponse<HttpReply>();
    return next.handle().pipe(
      tap((result) => {
        if (!this.sentAsPlainJson(result, response)) return;
        const body = Buffer.from(JSON.stringify(result));
        this.cache.store(request.url, { body, etag: weakEtag(body), visitorsOnly }, generation);
      }),
    );
  }

  /**
   * Whether the normal path will send `result` as plain JSON with nothing else: status 200 and
   * no header of the handler's own, which the front would not repeat.
   */
  private sentAsPlainJson(result: unknown, response: HttpReply): result is object {
    return typeof result === 'object' && result !== null && response.statusCode === 200 && !response.sent && Object.keys(response.getHeaders()).length === 0;
  }
}

/**
 * Marks a GET handler whose answer depends on the catalog alone (never on the viewer, unless
 * `visitorsOnly`): its 200 answers are kept in the PublicReadCache and served from memory by the
 * front handler. Only for handlers that return a JSON value and set no header.
 */
export const PublicRead = (options: PublicReadOptions = {}) =>
  applyDecorators(SetMetadata(PUBLIC_READ, options), UseInterceptors(PublicReadInterceptor));
