import type { IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { MESSAGES } from '@seyirlik/shared-contracts';
import busboy from 'busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import type { UploadedFile } from './http-types';

/** Limits on what a request body may hold. */
export const BODY_LIMITS = {
  jsonBytes: 1024 * 1024,
  formBytes: 1024 * 1024,
  formFields: 1000,
  fileBytes: 10 * 1024 * 1024,
  files: 10,
  /** Lists and objects within one another in a JSON body, and brackets within one another in a form field. */
  nesting: 32,
  /** A whole multipart body (files and fields together), by its Content-Length. */
  multipartBytes: 32 * 1024 * 1024,
} as const;

/** A body the server refuses, with its status and Turkish message; answered by the error handler. */
export class BodyError extends Error {
  constructor(
    readonly statusCode: 400 | 411 | 413,
    message: string,
  ) {
    super(message);
  }
}

const malformed = (): BodyError => new BodyError(400, MESSAGES.malformedBody);
const tooLarge = (): BodyError => new BodyError(413, MESSAGES.bodyTooLarge);

/** Only UTF-8 text is read, as a JSON or form body may declare it. */
function declaresOtherCharset(contentType: string | undefined): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  return charset !== undefined && charset !== 'utf-8' && charset !== 'utf8';
}

/**
 * Whether JSON text nests lists and objects deeper than `limit`, read in one pass that skips
 * strings. Parsing a body of deep nesting costs tens of milliseconds per megabyte, far more than
 * any real body, so it is refused before it is parsed.
 */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      for (index++; index < text.length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c) index++;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** JSON as the legacy clients and ours send it: an object or a list; an empty body reads as {}. */
function parseJson(request: FastifyRequest, body: Buffer, done: (error: Error | null, body?: unknown) => void): void {
  if (declaresOtherCharset(request.headers['content-type'])) return done(malformed());
  // Bytes that are not UTF-8 read as U+FFFD, which the schemas refuse with their own text.
  const text = body.toString('utf8').trim();
  if (text === '') return done(null, {});
  if (text[0] !== '{' && text[0] !== '[') return done(malformed());
  if (nestsDeeperThan(text, BODY_LIMITS.nesting)) return done(malformed());
  try {
    done(null, JSON.parse(text));
  } catch {
    done(malformed());
  }
}

/** How `a=1&b=2` counts its fields, stopping past the limit. */
function tooManyFields(body: string): boolean {
  let count = 1;
  for (let index = body.indexOf('&'); index !== -1; index = body.indexOf('&', index + 1)) {
    count += 1;
    if (count > BODY_LIMITS.formFields) return true;
  }
  return false;
}

/** Form fields with the bracket notation the legacy clients use (`invite[]=1&invite[]=2`). */
function formFields(body: string): unknown {
  if (body === '') return {};
  if (tooManyFields(body)) throw malformed();
  try {
    return qs.parse(body, { allowPrototypes: true, arrayLimit: BODY_LIMITS.formFields, depth: BODY_LIMITS.nesting, parameterLimit: BODY_LIMITS.formFields, strictDepth: true });
  } catch {
    throw malformed();
  }
}

function parseForm(request: FastifyRequest, body: Buffer, done: (error: Error | null, body?: unknown) => void): void {
  if (declaresOtherCharset(request.headers['content-type'])) return done(malformed());
  try {
    done(null, formFields(body.toString('utf8')));
  } catch (error) {
    done(error as Error);
  }
}

/**
 * A multipart body, read only with a Content-Length within BODY_LIMITS.multipartBytes (browsers
 * always send one for a form), so the number of fields times their size cannot add up unbounded:
 * the fields become the body (with the form's bracket notation), the files `request.files`.
 */
function parseMultipart(request: FastifyRequest, payload: IncomingMessage | Readable, done: (error: Error | null, body?: unknown) => void): void {
  const declared = request.headers['content-length'];
  if (declared === undefined) return done(new BodyError(411, MESSAGES.malformedBody));
  if (Number(declared) > BODY_LIMITS.multipartBytes) return done(tooLarge());
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: request.headers as busboy.BusboyConfig["headers"],
      limits: { fileSize: BODY_LIMITS.fileBytes, files: BODY_LIMITS.files, fields: BODY_LIMITS.formFields, fieldSize: BODY_LIMITS.formBytes },
    });
  } catch {
    return done(malformed());
  }
  const fields = new URLSearchParams();
  const files: UploadedFile[] = [];
  let failure: BodyError | null = null;
  let settled = false;
  const finish = (error: BodyError | null) => {
    if (settled) return;
    settled = true;
    if (error) {
      payload.unpipe(parser);
      payload.resume();
      return done(error);
    }
    request.files = files;
    done(null, formFields(fields.toString()));
  };
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) failure ??= tooLarge();
    fields.append(name, value);
  });
  parser.on('file', (fieldname, stream, info) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    });
    stream.on('limit', () => {
      failure ??= tooLarge();
    });
    stream.on('end', () => {
      files.push({ fieldname, originalname: info.filename ?? '', mimetype: info.mimeType, size, buffer: Buffer.concat(chunks, size) });
    });
  });
  parser.on('filesLimit', () => (failure ??= tooLarge()));
  parser.on('fieldsLimit', () => (failure ??= malformed()));
  parser.on('partsLimit', () => (failure ??= malformed()));
  parser.on('error', () => finish(failure ?? malformed()));
  parser.on('close', () => finish(failure));
  payload.on('error', () => finish(malformed()));
  payload.pipe(parser);
}

/** A body of a type the site does not read is left unread, as if there were none. */
function ignoreBody(_request: FastifyRequest, payload: IncomingMessage | Readable, done: (error: Error | null, body?: unknown) => void): void {
  payload.resume();
  payload.on('end', () => done(null, undefined));
  payload.on('error', () => done(malformed()));
}

/** The decoders of a compressed body's Content-Encoding, outermost last; null for an encoding not known. */
function decoders(encoding: string): Array<() => Transform> | null {
  const steps: Array<() => Transform> = [];
  for (const coding of encoding.toLowerCase().split(',').map((part) => part.trim())) {
    if (coding === 'identity' || coding === '') continue;
    if (coding === 'gzip' || coding === 'x-gzip') steps.push(createGunzip);
    else if (coding === 'deflate') steps.push(createInflate);
    else if (coding === 'br') steps.push(createBrotliDecompress);
    else return null;
  }
  return steps.reverse();
}

/**
 * Parses JSON, form-encoded (with `invite[]=1&invite[]=2` arrays, as the legacy clients send them)
 * and multipart bodies, gzip, deflate or br encoded or not. A body that cannot be read answers 400
 * and one that is too big 413, in Turkish (see BodyError), before any route sees it.
 */
export function installBodyParsing(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMITS.jsonBytes }, parseJson);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: BODY_LIMITS.formBytes }, parseForm);
  app.addContentTypeParser('multipart/form-data', { bodyLimit: BODY_LIMITS.multipartBytes }, parseMultipart);
  app.addContentTypeParser('*', { bodyLimit: BODY_LIMITS.formBytes }, ignoreBody);
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const encoding = request.headers['content-encoding'];
    if (encoding === undefined) return done(null, payload);
    const steps = decoders(encoding);
    if (steps === null) return done(malformed());
    if (steps.length === 0) return done(null, payload);
    let stream: Readable = payload;
    for (const step of steps) {
      const decoder = step();
      stream.on('error', (error) => decoder.destroy(error));
      stream = stream.pipe(decoder);
    }
    // Fastify matches Content-Length against the bytes received, not the decoded ones.
    const decoded = stream as Readable & { receivedEncodedLength: number };
    decoded.receivedEncodedLength = 0;
    payload.on('data', (chunk: Buffer) => (decoded.receivedEncodedLength += chunk.length));
    done(null, decoded as unknown as typeof payload);
  });
}

/** Whether an error is a body the client sent wrong (a BodyError, or a compressed body that does not decode), as a BodyError. */
export function bodyErrorOf(error: unknown): BodyError | null {
  if (error instanceof BodyError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_') ? malformed() : null;
}
