import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { createDemoProjectIfEmpty } from './first-run.js';
import { createLogger } from './logger.js';
import { startServer } from './server.js';
import { keepHeapCapToMainThread } from './support/main-thread-heap-cap.js';

// LangChain's tracing would send prompts (feedback text) to a third party: never on here.
process.env.LANGCHAIN_TRACING_V2 = 'false';
process.env.LANGSMITH_TRACING = 'false';

keepHeapCapToMainThread();

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Invalid configuration: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const server = await startServer(config, { logger, holder: 'feedback-service (npm start)' });
  const baseUrl = `http://localhost:${server.port}`;
  logger.info(
    { role: config.role, port: server.port, engine: server.runtime.db.engine, eventStore: server.runtime.store.name },
    config.role === 'worker' ? 'started' : 'listening',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    await server.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (config.role !== 'worker') await createDemoProjectIfEmpty(server.runtime, baseUrl);
}

main().catch((error) => {
  if (error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(3);
  }
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
