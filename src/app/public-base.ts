import type { Config } from '../config.js';

/** Where people reach the workspace: PUBLIC_BASE_URL, else this machine on the port the service listens on. */
export function publicBaseUrl(config: Pick<Config, 'publicBaseUrl' | 'port'>, listeningPort?: number): string {
  return config.publicBaseUrl ?? `http://localhost:${listeningPort || config.port}`;
}
