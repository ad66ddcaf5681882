// One real server process for the multi-process tests: the built server (server/dist), started
// exactly as main.js starts it, plus an IPC channel through which a test makes this process emit.
'use strict';
const { join } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { runInNewContext } = require('node:vm');

const dist = join(__dirname, '..', '..', 'dist');
const { startServer } = require(join(dist, 'bootstrap.js'));
const { loadConfig } = require(join(dist, 'platform', 'config', 'config.js'));
const { createLogger } = require(join(dist, 'platform', 'logging', 'logger.js'));
const { RealtimeService } = require(join(dist, 'platform', 'realtime', 'realtime.service.js'));
const { LegacyCallRegistry } = require(join(dist, 'platform', 'http', 'legacy-call.registry.js'));

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
  const server = await startServer(config, logger);
  const realtime = server.app.get(RealtimeService);

  const commands = {
    /** Adds the sockets of `from` (a socket id or a room, on any process) to `room`. */
    join: ({ from, room }) => realtime.addToRoom(from, room),
    /** The heap this process holds once garbage is fully collected, in bytes. */
    heldHeap: () => {
      setFlagsFromString('--expose-gc');
      const collect = runInNewContext('gc');
      collect();
      collect();
      return process.memoryUsage().heapUsed;
    },
    /** Emits an event to a room from this process. */
    emit: ({ room, event, payload }) => realtime.toRoom(room, event, payload),
    /**
     * Every entry point this process answers: HTTP routes, `/ajax/service` types and the socket events a connected socket
     * listens to; and the legacy calls its features registered, named as in the seed's table.
     */
    entryPoints: () => ({
      routes: server.routes,
      ajaxTypes: server.app.get(LegacyCallRegistry).ajaxTypes(),
      legacyCalls: server.app.get(LegacyCallRegistry).calls(),
      socketEvents: [
        ...new Set(
          [...server.app.get(RealtimeService).server.of('/').sockets.values()].flatMap((socket) =>
            socket.eventNames().filter((name) => typeof name === 'string' && !['disconnect', 'disconnecting', 'error'].includes(name)),
          ),
        ),
      ],
    }),
  };
  process.on('message', async (message) => {
    try {
      const result = await commands[message.command](message.args);
      process.send({ id: message.id, ok: true, result });
    } catch (error) {
      process.send({ id: message.id, ok: false, error: String(error) });
    }
  });
  const stop = () => server.close().then(() => process.exit(0), () => process.exit(1));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.send({ ready: true, port: server.port });
}

main().catch((error) => {
  process.stderr.write(`server process failed to start: ${error.stack}\n`);
  process.exit(1);
});
