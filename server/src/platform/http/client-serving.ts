import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { appShellStatus } from './app-route-status';
import { pathOf } from './http-types';
import { isFresh, storedBodyFor, type StoredBody } from './response-encoding';

/** Paths the server answers itself; the client's routes never start with these. */
const SERVER_PATHS = ['/api', '/socket.io', '/livez', '/readyz', '/healthz', '/ajax', '/media', '/embed'];

/** Hashed assets never change under their name: a year, immutable (the browser need not ask again). */
const ASSET_MAX_AGE = '365d';
/** The root's own files (favicon, robots.txt) keep their names across builds. */
const ROOT_FILE_CACHE_CONTROL = 'public, max-age=3600';

function isServerPath(path: string): boolean {
  return SERVER_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * A file that is not there: anything under /assets, or a name with an extension at the root
 * (/favicon.ico). Deeper paths with a dot are client routes (/profile/ali.veli).
 */
function isMissingFile(path: string): boolean {
  return path.startsWith('/assets/') || (path.lastIndexOf('/') === 0 && extname(path) !== '');
}

/** Whether a request's Accept header takes HTML (no header takes anything). */
function acceptsHtml(accept: string | undefined): boolean {
  return accept === undefined || accept === '' || /(?:^|,)\s*(?:text\/html|text\/\*|\*\/\*)\s*(?:[;,]|$)/i.test(accept);
}

/** The app shell (index.html), read once: it changes only with a new build, which means a new process. */
interface Shell extends StoredBody {
  etag: string;
}

function readShell(indexFile: string): Shell {
  const html = readFileSync(indexFile);
  return { body: html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
}

/**
 * Sends the shell with `status` (404 for an address that is no page of the client: the client then
 * shows its not-found page): revalidated with its ETag on every visit to a page, compressed when
 * the client takes it.
 */
function sendShell(shell: Shell, status: 200 | 404, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('Cache-Control', 'no-cache');
  if (status === 200) {
    reply.header('ETag', shell.etag);
    if (isFresh(request.headers, shell.etag)) return reply.code(304).send();
  }
  reply.code(status).header('Content-Type', 'text/html; charset=utf-8');
  const { body, vary, encoding } = storedBodyFor(shell, request.headers['accept-encoding']);
  if (vary) reply.header('Vary', 'Accept-Encoding');
  if (encoding !== null) reply.header('Content-Encoding', encoding);
  return reply.send(body);
}

/**
 * Serves the built client: hashed assets under /assets (precompressed .br and .gz beside them
 * chosen by Accept-Encoding, cached immutable for a year), the root's own files, and index.html
 * for every other GET that takes HTML (not a server path, not a missing file): 200 for the
 * client's pages, 404 for other addresses. A missing file stays a plain 404. Registers `reply.sendFile` in every case (the demo media use it).
 */
export async function installClientServing(app: FastifyInstance, clientDist: string, logger: Logger): Promise<void> {
  const indexFile = join(clientDist, 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn({ clientDist }, 'the client is not built (npm run build); only the APIs are served');
    await app.register(fastifyStatic, { root: clientDist, serve: false });
    return;
  }
  const shell = readShell(indexFile);
  await app.register(fastifyStatic, {
    root: join(clientDist, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    index: false,
    maxAge: ASSET_MAX_AGE,
    immutable: true,
  });
  // The root's files are routes of their own, listed once (a new build means a new process).
  for (const name of readdirSync(clientDist)) {
    if (name === 'index.html' || !statSync(join(clientDist, name)).isFile()) continue;
    app.get(`/${name}`, (_request, reply) => reply.header('Cache-Control', ROOT_FILE_CACHE_CONTROL).sendFile(name, clientDist, { cacheControl: false }));
  }
  app.get('/*', (request, reply) => {
    const path = pathOf(request);
    if (isServerPath(path) || isMissingFile(path) || !acceptsHtml(request.headers.accept)) return reply.callNotFound();
    return sendShell(shell, appShellStatus(path), request, reply);
  });
}
