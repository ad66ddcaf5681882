import type { FastifyReply, FastifyRequest } from 'fastify';

/** A request as every handler and hook of the site sees it (Fastify's). */
export type HttpRequest = FastifyRequest;
/** A reply as every handler and hook of the site sees it (Fastify's). */
export type HttpReply = FastifyReply;

/** A file of a multipart request, read into memory within BODY_LIMITS. */
export interface UploadedFile {
  /** The form field it came in (`photo[]`, `avatar`, `cover`). */
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The files of a multipart request, in the order sent (empty for any other body). */
    files?: UploadedFile[];
  }
}

/** The request's path, without its query string. */
export function pathOf(request: { url: string }): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}
