import { EMBEDDINGS_DEFAULTS, MAX_EMBEDDING_DIMENSIONS, type EmbeddingsConfig } from './analysis/embeddings/embeddings-config.js';
import { llmConfigFromEnv } from './analysis/llm/llm-config.js';

/**
 * Configuration from the environment. Invalid values stop the process with a message naming the variable.
 */
/** `stub` is for tests and demos only: it needs ALLOW_STUB_ANALYZER=true too. */
export type AnalyzerKind = 'offline' | 'llm' | 'stub';
/** `all` serves HTTP and runs the workers; `api` only serves; `worker` only runs projections and workers. */
export type Role = 'all' | 'api' | 'worker';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  eventStoreUrl?: string;
  problemBase: string;
  logLevel: LogLevel;
  webhookAllowHttp: boolean;
  /** WEBHOOK_SECRET_KEY: 32 bytes (64 hex characters or base64) encrypting webhook signing secrets at rest. */
  webhookSecretKey?: Buffer;
  analyzer: AnalyzerKind;
  /** ANALYZER_THREADS: threads running the offline analyzer in a process that analyses; default 1. */
  analyzerThreads: number;
  role: Role;
  /** USER_ERASURE_BATCH: items a user erasure deletes per round (one projection wait, one log erasure each); default 500. */
  userErasureBatch: number;
  /** BODY_TIMEOUT_MS: time a client has to send a whole request body, from the request's start; default 30,000. */
  bodyTimeoutMs: number;
  /** SLOW_BODIES_PER_ADDRESS: bodies one client address may have arriving slowly at the same time; default 8. */
  slowBodiesPerAddress: number;
  /** EMBEDDINGS_*: vectors from a remote OpenAI-compatible embedding server, with either analyzer; absent: the analyzer's own. */
  embeddings?: EmbeddingsConfig;
  /** METRICS_TOKEN: when set, GET /metrics needs `Authorization: Bearer <token>` (from anywhere); otherwise loopback only. */
  metricsToken?: string;
  /** READY_MAX_LAG_EVENTS / READY_MAX_LAG_SECONDS: a projection is ready within either bound of the log's end. */
  readyMaxLag: { events: number; seconds: number };
  /** PUBLIC_BASE_URL: the origin people reach the service at (workspace sign-in links, links in Slack and emails); see `publicBaseUrl`. */
  publicBaseUrl?: string;
  /** SMTP_URL and SMTP_FROM: where digests are mailed from; absent, no email is sent. The URL holds the password: never logged. */
  smtp?: SmtpConfig;
}

export interface SmtpConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  url: string;
  /** The From header: `digest@example.com` or `Feedback <digest@example.com>`. */
  from: string;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

export const DEFAULT_USER_ERASURE_BATCH = 500;
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;
export const DEFAULT_SLOW_BODIES_PER_ADDRESS = 8;

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535) {
    throw new ConfigError('PORT', `must be an integer from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function parseUrl(variable: string, raw: string | undefined, protocols: string[]): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(variable, 'is not a valid URL');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(variable, `must use ${protocols.join(' or ')}, got "${url.protocol}"`);
  }
  return raw;
}

/** An origin (the workspace's pages link to /app/… from the root, so no path prefix). */
/** Where people reach the service: PUBLIC_BASE_URL, else this machine on the port the service listens on. */
export function publicBaseUrl(config: Pick<Config, 'publicBaseUrl' | 'port'>, listeningPort?: number): string {
  return config.publicBaseUrl ?? `http://localhost:${listeningPort || config.port}`;
}

function parsePublicBaseUrl(raw: string | undefined): string | undefined {
  const url = parseUrl('PUBLIC_BASE_URL', raw, ['https:', 'http:']);
  if (url === undefined) return undefined;
  const parsed = new URL(url);
  if (parsed.pathname !== '/' || parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new ConfigError('PUBLIC_BASE_URL', 'must be an origin such as https://feedback.example.com, without path, query or user info');
  }
  return parsed.origin;
}

function parseBoolean(variable: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(variable, `must be true or false, got "${raw}"`);
}

function parseKey(variable: string, raw: string | undefined): Buffer | undefined {
  if (raw === undefined || raw === '') return undefined;
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new ConfigError(variable, 'must be 32 bytes, as 64 hex characters or base64 (openssl rand -hex 32)');
  return key;
}

function parseCount(variable: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max) throw new ConfigError(variable, `must be an integer from 1 to ${max}, got "${raw}"`);
  return value;
}

const EMBEDDINGS_SETTINGS = [
  'EMBEDDINGS_MODEL',
  'EMBEDDINGS_API_KEY',
  'EMBEDDINGS_DIMENSIONS',
  'EMBEDDINGS_TIMEOUT_MS',
  'EMBEDDINGS_BATCH',
  'EMBEDDINGS_PREFIX',
];

function parseEmbeddings(env: NodeJS.ProcessEnv): EmbeddingsConfig | undefined {
  const baseURL = parseUrl('EMBEDDINGS_BASE_URL', env.EMBEDDINGS_BASE_URL?.trim(), ['http:', 'https:']);
  if (baseURL === undefined) {
    // A model or key without a server would silently do nothing.
    const orphan = EMBEDDINGS_SETTINGS.find((name) => env[name]);
    if (orphan) throw new ConfigError(orphan, 'needs EMBEDDINGS_BASE_URL (the OpenAI-compatible server, e.g. http://localhost:11434/v1)');
    return undefined;
  }
  const model = env.EMBEDDINGS_MODEL?.trim();
  if (!model) throw new ConfigError('EMBEDDINGS_MODEL', 'is required with EMBEDDINGS_BASE_URL (e.g. nomic-embed-text, bge-m3)');
  if (/\s/.test(model) || model.length > 200) throw new ConfigError('EMBEDDINGS_MODEL', `must be a model name without whitespace, got "${model}"`);
  const prefix = env.EMBEDDINGS_PREFIX ?? '';
  if (prefix.length > 64 || /[\r\n]/.test(prefix)) throw new ConfigError('EMBEDDINGS_PREFIX', 'must be one line of at most 64 characters');
  const apiKey = env.EMBEDDINGS_API_KEY?.trim();
  const dimensions = env.EMBEDDINGS_DIMENSIONS ? parseCount('EMBEDDINGS_DIMENSIONS', env.EMBEDDINGS_DIMENSIONS, 0, MAX_EMBEDDING_DIMENSIONS) : undefined;
  return {
    baseURL: baseURL.replace(/\/+$/, ''),
    model,
    ...(apiKey ? { apiKey } : {}),
    ...(dimensions ? { dimensions } : {}),
    timeoutMs: parseCount('EMBEDDINGS_TIMEOUT_MS', env.EMBEDDINGS_TIMEOUT_MS, EMBEDDINGS_DEFAULTS.timeoutMs, 600_000),
    batchSize: parseCount('EMBEDDINGS_BATCH', env.EMBEDDINGS_BATCH, EMBEDDINGS_DEFAULTS.batchSize, 2048),
    prefix,
  };
}

function parseBound(variable: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > max) throw new ConfigError(variable, `must be an integer from 0 to ${max}, got "${raw}"`);
  return value;
}

/** Long enough not to be guessed; visible ASCII, as it travels in a header. */
function parseToken(variable: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[\x21-\x7e]{16,256}$/.test(raw)) throw new ConfigError(variable, 'must be 16 to 256 visible ASCII characters (openssl rand -hex 32)');
  return raw;
}

const MAILBOX = /^[^\s@<>()",;:]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

/** SMTP_URL (smtp: or smtps:, with a host) and SMTP_FROM (an address, optionally with a display name), together or not at all. */
function parseSmtp(rawUrl: string | undefined, rawFrom: string | undefined): SmtpConfig | undefined {
  const url = parseUrl('SMTP_URL', rawUrl, ['smtp:', 'smtps:']);
  if (url === undefined) {
    if (rawFrom) throw new ConfigError('SMTP_FROM', 'is set but SMTP_URL is not');
    return undefined;
  }
  if (!new URL(url).hostname) throw new ConfigError('SMTP_URL', 'must name a host, e.g. smtp://user:pass@smtp.example.com:587');
  if (!rawFrom) throw new ConfigError('SMTP_FROM', 'is required with SMTP_URL, e.g. "Feedback <digest@example.com>"');
  const address = /^\s*[^<>]*<([^<>]+)>\s*$/.exec(rawFrom)?.[1] ?? rawFrom.trim();
  if (!MAILBOX.test(address) || rawFrom.length > 320 || /[\r\n]/.test(rawFrom)) {
    throw new ConfigError('SMTP_FROM', 'must be an email address such as digest@example.com or "Feedback <digest@example.com>"');
  }
  return { url, from: rawFrom.trim() };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const role = (env.ROLE || 'all') as Role;
  if (!['all', 'api', 'worker'].includes(role)) throw new ConfigError('ROLE', `must be all, api or worker, got "${env.ROLE}"`);
  const analyzer = (env.ANALYZER || 'offline') as AnalyzerKind;
  if (analyzer !== 'offline' && analyzer !== 'llm' && analyzer !== 'stub') {
    throw new ConfigError('ANALYZER', `must be offline or llm (or stub, for tests and demos), got "${env.ANALYZER}"`);
  }
  if (analyzer === 'stub' && !parseBoolean('ALLOW_STUB_ANALYZER', env.ALLOW_STUB_ANALYZER)) {
    throw new ConfigError('ANALYZER', 'stub is for tests and demos only (its analyses mean nothing): set ALLOW_STUB_ANALYZER=true to use it');
  }
  if (analyzer === 'llm') {
    try {
      llmConfigFromEnv(env);
    } catch (error) {
      throw new ConfigError('ANALYZER=llm', (error as Error).message);
    }
  }
  const webhookSecretKey = parseKey('WEBHOOK_SECRET_KEY', env.WEBHOOK_SECRET_KEY);
  const embeddings = parseEmbeddings(env);
  const metricsToken = parseToken('METRICS_TOKEN', env.METRICS_TOKEN);
  const problemBase = parseUrl('PROBLEM_BASE', env.PROBLEM_BASE, ['https:', 'http:']) ?? 'https://problems.feedback.dev';
  const port = parsePort(env.PORT);
  const smtp = parseSmtp(env.SMTP_URL, env.SMTP_FROM);
  const publicBaseUrl = parsePublicBaseUrl(env.PUBLIC_BASE_URL);
  return {
    port,
    dataDir: env.DATA_DIR || './data',
    databaseUrl: parseUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']),
    eventStoreUrl: parseUrl('EVENTSTORE_URL', env.EVENTSTORE_URL, ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:']),
    problemBase: problemBase.replace(/\/+$/, ''),
    logLevel,
    webhookAllowHttp: parseBoolean('WEBHOOK_ALLOW_HTTP', env.WEBHOOK_ALLOW_HTTP),
    analyzer,
    analyzerThreads: parseCount('ANALYZER_THREADS', env.ANALYZER_THREADS, 1, 8),
    role,
    userErasureBatch: parseCount('USER_ERASURE_BATCH', env.USER_ERASURE_BATCH, DEFAULT_USER_ERASURE_BATCH, 5000),
    bodyTimeoutMs: parseCount('BODY_TIMEOUT_MS', env.BODY_TIMEOUT_MS, DEFAULT_BODY_TIMEOUT_MS, 600_000),
    slowBodiesPerAddress: parseCount('SLOW_BODIES_PER_ADDRESS', env.SLOW_BODIES_PER_ADDRESS, DEFAULT_SLOW_BODIES_PER_ADDRESS, 1000),
    ...(webhookSecretKey ? { webhookSecretKey } : {}),
    ...(embeddings ? { embeddings } : {}),
    readyMaxLag: {
      events: parseBound('READY_MAX_LAG_EVENTS', env.READY_MAX_LAG_EVENTS, 1000, 1_000_000),
      seconds: parseBound('READY_MAX_LAG_SECONDS', env.READY_MAX_LAG_SECONDS, 30, 86_400),
    },
    ...(metricsToken ? { metricsToken } : {}),
    ...(smtp ? { smtp } : {}),
    ...(publicBaseUrl ? { publicBaseUrl } : {}),
  };
}
