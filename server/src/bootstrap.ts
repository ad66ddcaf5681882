import 'reflect-metadata';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import type { AppConfig } from './platform/config/config';
import { migrate } from './platform/database/data-source';
import { openDatabase } from './platform/database/open-database';
import { installBodyParsing } from './platform/http/body-parsing';
import { installClientServing } from './platform/http/client-serving';
import { LegacyCallRegistry } from './platform/http/legacy-call.registry';
import { originCheck } from './platform/http/origin-check';
import { PublicReadCache } from './platform/http/read-cache/public-read-cache';
import { installPublicReadFront } from './platform/http/read-cache/public-read-front';
import { watchEventLoop } from './platform/logging/event-loop-monitor';
import { createHttpLogger } from './platform/logging/logger';
import { RealtimeIoAdapter } from './platform/realtime/realtime-io.adapter';

/** How long a starting server waits for Redis before serving without fan-out. */
const REDIS_START_TIMEOUT_MS = 10_000;

/** Where `npm run build` puts the client, relative to server/dist. */
const CLIENT_DIST = join(__dirname, '..', '..', 'client', 'dist');

export interface Running<T extends INestApplicationContext> {
  app: T;
  /** Stops accepting, closes sockets, drains jobs, closes connections, stops the embedded database. */
  close(): Promise<void>;
}

export interface RunningServer extends Running<NestExpressApplication> {
  port: number;
}

export async function startServer(config: AppConfig, logger: Logger): Promise<RunningServer> {
  const { url, embedded } = await openDatabase(config, logger);
  let app: NestExpressApplication | null = null;
  try {
    app = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot({ config, databaseUrl: url, logger, role: 'server' }),
      { bodyParser: false, bufferLogs: true },
    );
    app.useLogger(app.get(NestPinoLogger));
    app.set('trust proxy', config.trustProxy);
    app.disable('x-powered-by');
    const http = app.getHttpAdapter().getInstance();
    // First: a cached public read is answered before the request log and everything else.
    installPublicReadFront(http, app.get(PublicReadCache));
    http.use(createHttpLogger(logger));
    installClientServing(http, CLIENT_DIST, logger);
    http.use(originCheck(config.publicOrigin));
    installBodyParsing(http);
    // The hot legacy calls (chat send and poll) are answered here, before the Nest pipeline.
    http.use(app.get(LegacyCallRegistry).directFront());
    const socketAdapter = new RealtimeIoAdapter(app, config, logger);
    app.useWebSocketAdapter(socketAdapter);
    await app.init();
    await socketAdapter.whenConnected(REDIS_START_TIMEOUT_MS);
    await app.listen(config.port);
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
    close: async () => {
      eventLoop.stop();
      server.close();
      server.closeIdleConnections();
      await started.close();
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
