import { MESSAGES } from '@seyirlik/shared-contracts';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import multer from 'multer';
import { sendError } from './error-reply';

/** Limits on what a request body may hold. */
export const BODY_LIMITS = {
  jsonBytes: 1024 * 1024,
  formBytes: 1024 * 1024,
  formFields: 1000,
  fileBytes: 10 * 1024 * 1024,
  files: 10,
  /** A whole multipart body (files and fields together), by its Content-Length. */
  multipartBytes: 32 * 1024 * 1024,
} as const;

const multipart = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: BODY_LIMITS.fileBytes,
    files: BODY_LIMITS.files,
    fields: BODY_LIMITS.formFields,
    fieldSize: BODY_LIMITS.formBytes,
  },
}).any();

/**
 * Multipart bodies are read only with a Content-Length within BODY_LIMITS.multipartBytes (browsers
 * always send one for a form), so the number of fields times their size cannot add up unbounded.
 */
const parseMultipart: RequestHandler = (request, response, next) => {
  if (!request.is('multipart/form-data')) return next();
  const declared = request.headers['content-length'];
  if (declared === undefined) return sendError(request, response, 411, MESSAGES.malformedBody);
  if (Number(declared) > BODY_LIMITS.multipartBytes) return sendError(request, response, 413, MESSAGES.bodyTooLarge);
  multipart(request, response, next);
};

/**
 * Parses JSON, form-encoded (with `invite[]=1&invite[]=2` arrays, as the legacy clients send them)
 * and multipart bodies. A body that cannot be read answers 400 and one that is too big 413,
 * in Turkish, before any route sees it.
 */
export function installBodyParsing(app: Express): void {
  app.use(express.json({ limit: BODY_LIMITS.jsonBytes }));
  app.use(
    express.urlencoded({ extended: true, limit: BODY_LIMITS.formBytes, parameterLimit: BODY_LIMITS.formFields }),
  );
  app.use(parseMultipart);
  app.use(bodyErrors);
}

/**
 * What body parsing refuses: too large is 413; anything else it calls the client's fault (a body
 * that is not what its headers say, such as `Content-Encoding: gzip` on bytes that are not gzip,
 * an unknown encoding or charset, broken JSON or multipart) is 400. Never a 500.
 */
const bodyErrors: ErrorRequestHandler = (error, request, response, next) => {
  const type = (error as { type?: string }).type;
  const code = (error as { code?: string }).code;
  const status = (error as { status?: unknown }).status;
  const clientError = typeof status === 'number' && status >= 400 && status < 500;
  if (type === 'entity.too.large' || code === 'LIMIT_FILE_SIZE' || code === 'LIMIT_FIELD_VALUE' || status === 413) {
    sendError(request, response, 413, MESSAGES.bodyTooLarge);
  } else if (
    clientError ||
    (typeof code === 'string' && code.startsWith('Z_')) ||
    error instanceof multer.MulterError ||
    type === 'entity.parse.failed' ||
    type === 'parameters.too.many' ||
    type === 'charset.unsupported' ||
    type === 'encoding.unsupported' ||
    type === 'request.aborted' ||
    (error as Error).message?.startsWith('Multipart') ||
    (error as Error).message?.startsWith('Unexpected end of form')
  ) {
    sendError(request, response, 400, MESSAGES.malformedBody);
  } else {
    next(error);
  }
};
