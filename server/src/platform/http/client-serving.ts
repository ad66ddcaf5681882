import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import express, { type Express } from 'express';
import type { Logger } from 'pino';

/** Paths the server answers itself; the client's routes never start with these. */
const SERVER_PATHS = ['/api', '/socket.io', '/healthz', '/ajax', '/media', '/embed'];

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
  app.use(
    '/assets',
    express.static(join(clientDist, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: true }),
  );
  // The root's files (favicon, robots.txt…): looked up on disk for client paths only, so the
  // APIs do not pay a file-system check on every request.
  const rootFiles = express.static(clientDist, { index: false, maxAge: '1h' });
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
