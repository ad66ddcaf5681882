import 'reflect-metadata';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { SessionsService } from './accounts/sessions.service';
import { viewerHook } from './accounts/viewer';
import { AppModule } from './app.module';
import type { AppConfig } from './platform/config/config';
import { migrate } from './platform/database/data-source';
import { openDatabase } from './platform/database/open-database';
import { installBodyParsing } from './platform/http/body-parsing';
import { installClientServing } from './platform/http/client-serving';
import { LegacyCallRegistry } from './platform/http/legacy-call.registry';
import { originCheck } from './platform/http/origin-check';
import { encodeReply } from './platform/http/response-encoding';
import { PublicReadCache } from './platform/http/read-cache/public-read-cache';
import { installPublicReadStore } from './platform/http/read-cache/public-read';
import { FrontReads } from './platform/http/read-cache/front-reads';
import { answeredAtFront, installPublicReadFront } from './platform/http/read-cache/public-read-front';
import { watchEventLoop } from './platform/logging/event-loop-monitor';
import { requestLogHook } from './platform/logging/logger';
import { RealtimeIoAdapter } from './platform/realtime/realtime-io.adapter';

/** How long a starting server waits for Redis before serving without fan-out. */
const REDIS_START_TIMEOUT_MS = 10_000;

/** How long a stopping server lets requests under way finish before closing their connections. */
const CLOSE_GRACE_MS = 3000;

/** Where `npm run build` puts the client, relative to server/dist. */
const CLIENT_DIST = join(__dirname, '..', '..', 'client', 'dist');

export interface Running<T extends INestApplicationContext> {
  app: T;
  /** Stops accepting, closes sockets, drains jobs, closes connections, stops the embedded database. */
  close(): Promise<void>;
}

export interface RunningServer extends Running<NestFastifyApplication> {
  port: number;
  /** Every HTTP route this process answers, as registered. */
  routes: ReadonlyArray<{ method: string; path: string }>;
}

export async function startServer(config: AppConfig, logger: Logger): Promise<RunningServer> {
  const { url, embedded } = await openDatabase(config, logger);
  let app: NestFastifyApplication | null = null;
  const routes: Array<{ method: string; path: string }> = [];
  try {
    app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot({ config, databaseUrl: url, logger, role: 'server' }),
      // No Nest middleware is used (the pipeline is Fastify hooks), so @fastify/middie, whose hook
      // every request passed through, is not registered.
      new FastifyAdapter({ trustProxy: config.trustProxy, logger: false, skipMiddie: true }),
      { bodyParser: false, bufferLogs: true },
    );
    app.useLogger(app.get(NestPinoLogger));
    const http = app.getHttpAdapter().getInstance();
    http.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, path: route.url });
    });
    // First: a public read answered at the front (cached, or a feature's FrontRead) goes before the request log and everything else.
    installPublicReadFront(http, app.get(PublicReadCache), app.get(FrontReads));
    http.addHook('onResponse', requestLogHook(logger, answeredAtFront));
    http.addHook('onRequest', originCheck(config.publicOrigin));
    installBodyParsing(http);
    // The hot legacy calls (chat send and poll) are answered here, before the Nest pipeline.
    http.addHook('preValidation', app.get(LegacyCallRegistry).directFront());
    // Declared up front, so every request object has the same shape before the hook sets it.
    http.decorateRequest('viewer', null);
    http.addHook('preHandler', viewerHook(app.get(SessionsService)));
    installPublicReadStore(http, app.get(PublicReadCache));
    http.addHook('onSend', encodeReply);
    await installClientServing(http, CLIENT_DIST, logger);
    const socketAdapter = new RealtimeIoAdapter(app, config, logger);
    app.useWebSocketAdapter(socketAdapter);
    await app.init();
    await socketAdapter.whenConnected(REDIS_START_TIMEOUT_MS);
    await app.listen(config.port, '::');
  } catch (error) {
    await app?.close().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
  const started = app;
  const server = started.getHttpServer();
  const eventLoop = watchEventLoop(logger);
  return {
    app: started,
    port: (server.address() as AddressInfo).port,
    routes,
    close: async () => {
      eventLoop.stop();
      server.close();
      server.closeIdleConnections();
      // Requests under way get a moment to finish; a client that stalls (a body announced and never
      // sent) is then cut off, so a stop never hangs on it.
      const cutOff = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
      await started.close().finally(() => clearTimeout(cutOff));
      await embedded?.stop();
    },
  };
}

/** A jobs-only process for the scaled mode: no HTTP, no sockets; needs DATABASE_URL and REDIS_URL. */
export async function startWorker(config: AppConfig, logger: Logger): Promise<Running<INestApplicationContext>> {
  if (!config.databaseUrl || !config.redisUrl) {
    throw new Error('The worker needs DATABASE_URL and REDIS_URL: it consumes the jobs that server processes queue in Redis.');
  }
  await migrate(config.databaseUrl);
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot({ config: { ...config, runJobs: true }, databaseUrl: config.databaseUrl, logger, role: 'worker' }),
    { bufferLogs: true },
  );
  app.useLogger(app.get(NestPinoLogger));
  const eventLoop = watchEventLoop(logger);
  return {
    app,
    close: () => {
      eventLoop.stop();
      return app.close();
    },
  };
}
