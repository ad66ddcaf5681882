import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import { answerUnsatisfiableRange } from './range';
import type { Logger } from 'pino';

/** Paths the server answers itself; the client's routes never start with these. */
const SERVER_PATHS = ['/api', '/socket.io', '/livez', '/readyz', '/healthz', '/ajax', '/media', '/embed'];

function isServerPath(path: string): boolean {
  return SERVER_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * A file the static handler did not find: anything under /assets, or a name with an extension at
 * the root (/favicon.ico). Deeper paths with a dot are client routes (/profile/ali.veli).
 */
function isMissingFile(path: string): boolean {
  return path.startsWith('/assets/') || (path.lastIndexOf('/') === 0 && extname(path) !== '');
}

/**
 * express.static over `root`, where a file that is not there goes on to the next handler and a
 * `Range` past a file's end answers 416 (express.static's own fall-through would turn it into a 404).
 */
function filesFrom(root: string, options: Parameters<typeof express.static>[1]): RequestHandler {
  const serve = express.static(root, { ...options, fallthrough: false });
  return (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    serve(request, response, (error?: unknown) => {
      if (!error) return next();
      if (answerUnsatisfiableRange(error, response)) return;
      const status = (error as { status?: number }).status;
      // Not a file here: the next handler decides.
      if (status === 404) return next();
      next(error);
    });
  };
}

/**
 * Serves the built client: hashed assets cached for a year, and index.html for client routes
 * (GET, accepting HTML, not a server path, not a missing file). A missing asset stays a 404.
 */
export function installClientServing(app: Express, clientDist: string, logger: Logger): void {
  const indexFile = join(clientDist, 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn({ clientDist }, 'the client is not built (npm run build); only the APIs are served');
    return;
  }
  // The shell is read once: it changes only with a new build, which means a new process.
  const html = readFileSync(indexFile);
  const shell = { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
  app.use('/assets', filesFrom(join(clientDist, 'assets'), { immutable: true, maxAge: '365d', index: false }));
  // The root's files (favicon, robots.txt…): looked up on disk for client paths only, so the
  // APIs do not pay a file-system check on every request.
  const rootFiles = filesFrom(clientDist, { index: false, maxAge: '1h' });
  app.use((request, response, next) => (isServerPath(request.path) ? next() : rootFiles(request, response, next)));
  app.use((request, response, next) => {
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      isServerPath(request.path) ||
      isMissingFile(request.path) ||
      !request.accepts('html')
    ) {
      return next();
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.setHeader('ETag', shell.etag);
    if (request.headers['if-none-match'] === shell.etag) {
      response.status(304).end();
      return;
    }
    response.send(shell.html);
  });
}
