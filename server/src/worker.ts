import { startWorker } from './bootstrap';
import { runProcess } from './process-lifecycle';

void runProcess('worker', async (config, logger) => {
  const worker = await startWorker(config, logger);
  logger.info('job worker started');
  return worker;
});
