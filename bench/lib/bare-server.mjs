// The bare baseline: a plain node:http server that answers the same routes as the app with
// bodies of the same size and no framework, middleware or database behind it. Every benchmark
// ratio is "app / this", so the numbers say how much the stack costs on top of Node itself.
//
// Run as a child process: PORT (required), BARE_HTML_BYTES (size of the app shell to imitate),
// BARE_RESPONSES_FILE (optional: a JSON object of path with query → the JSON body the app sent for
// it, answered from memory; the catalog reads compare with these) and BARE_DATABASE_URL (optional:
// /healthz then makes the app's one database round trip, `SELECT 1` on a pool as large as the
// app's, before it answers, so the two compare like with like).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('bare-server: PORT must be a positive integer\n');
  process.exit(1);
}
const htmlBytes = Number(process.env.BARE_HTML_BYTES) || 1024;

// Same body the app's /healthz sends in single-process mode.
const HEALTH_BODY = Buffer.from(JSON.stringify({ status: 'ok', database: 'ok', redis: 'not-configured' }));
const HTML_BODY = Buffer.from(paddedHtml(htmlBytes));
const RECORDED = new Map(
  Object.entries(process.env.BARE_RESPONSES_FILE ? JSON.parse(readFileSync(process.env.BARE_RESPONSES_FILE, 'utf8')) : {}).map(
    ([path, body]) => [path, Buffer.from(body)],
  ),
);

/** A small HTML document padded with a comment to exactly `bytes` bytes (when it fits). */
function paddedHtml(bytes) {
  const head = '<!doctype html>\n<html lang="tr"><head><meta charset="UTF-8" /><title>Seyirlik</title></head>\n<!-- ';
  const tail = ' -->\n<body><div id="root"></div></body></html>\n';
  const padding = Math.max(0, bytes - Buffer.byteLength(head + tail));
  return head + 'x'.repeat(padding) + tail;
}

function send(response, status, type, body, cacheControl) {
  response.writeHead(status, {
    'Content-Type': type,
    'Content-Length': body.length,
    'Cache-Control': cacheControl,
  });
  response.end(body);
}

/** The app's pool size (server/src/platform/database/data-source.ts). */
const POOL_SIZE = 20;
const pool = process.env.BARE_DATABASE_URL ? new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: POOL_SIZE }) : null;

/** /healthz: one round trip to the database when there is one, then the app's body. */
function health(response) {
  if (!pool) return send(response, 200, 'application/json; charset=utf-8', HEALTH_BODY, 'no-store');
  pool.query({ name: 'health_ping', text: 'SELECT 1' }).then(
    () => send(response, 200, 'application/json; charset=utf-8', HEALTH_BODY, 'no-store'),
    () => send(response, 503, 'text/plain; charset=utf-8', Buffer.from('database down'), 'no-store'),
  );
}

const server = http.createServer((request, response) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return send(response, 405, 'text/plain; charset=utf-8', Buffer.from('method not allowed'), 'no-store');
  }
  const recorded = RECORDED.get(request.url);
  if (recorded) return send(response, 200, 'application/json; charset=utf-8', recorded, 'no-store');
  const path = request.url.split('?', 1)[0];
  if (path === '/healthz') return health(response);
  if (path === '/') return send(response, 200, 'text/html; charset=utf-8', HTML_BODY, 'no-cache');
  send(response, 404, 'text/plain; charset=utf-8', Buffer.from('not found'), 'no-store');
});

server.listen(port, '127.0.0.1');

// Stop promptly when the bench asks: keep-alive sockets would otherwise hold the process open.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => (pool ? pool.end() : Promise.resolve()).finally(() => process.exit(0)));
    server.closeAllConnections();
  });
}
