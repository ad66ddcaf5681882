import { startServer } from './bootstrap';
import { runProcess } from './process-lifecycle';

void runProcess('server', async (config, logger) => {
  const server = await startServer(config, logger);
  logger.info(
    { port: server.port, mode: config.redisUrl ? 'scaled' : 'single process', database: config.databaseUrl ? 'external' : 'embedded' },
    `Seyirlik is listening on http://localhost:${server.port}`,
  );
  return server;
});
