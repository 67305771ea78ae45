import { expect } from 'chai';
import { ConfigError, loadConfig, publicBaseUrl } from '../../src/config.js';

function expectConfigError(env: Record<string, string>, variable: string): ConfigError {
  let thrown: unknown;
  try {
    loadConfig(env);
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `${JSON.stringify(env)} should be refused`).to.be.instanceOf(ConfigError);
  const error = thrown as ConfigError;
  expect(error.variable).to.equal(variable);
  expect(error.message).to.include(variable);
  return error;
}

describe('Configuration from the environment (spec 1, 7: PROBLEM_BASE)', () => {
  describe('defaults', () => {
    it('fills every setting when the environment is empty', () => {
      expect(loadConfig({})).to.deep.equal({
        port: 8080,
        dataDir: './data',
        databaseUrl: undefined,
        eventStoreUrl: undefined,
        problemBase: 'https://problems.feedback.dev',
        logLevel: 'info',
        webhookAllowHttp: false,
        analyzer: 'offline',
        analyzerThreads: 1,
        role: 'all',
        userErasureBatch: 500,
        bodyTimeoutMs: 30_000,
        slowBodiesPerAddress: 8,
        readyMaxLag: { events: 1000, seconds: 30 },
      });
    });

    it('treats empty strings like unset variables', () => {
      const config = loadConfig({
        PORT: '',
        LOG_LEVEL: '',
        DATABASE_URL: '',
        EVENTSTORE_URL: '',
        PROBLEM_BASE: '',
        WEBHOOK_ALLOW_HTTP: '',
        ANALYZER: '',
        DATA_DIR: '',
      });
      expect(config).to.deep.equal(loadConfig({}));
    });

    it('does not read process.env when given an env', () => {
      const saved = process.env.PORT;
      process.env.PORT = 'not-a-port';
      try {
        expect(loadConfig({}).port).to.equal(8080);
      } finally {
        if (saved === undefined) delete process.env.PORT;
        else process.env.PORT = saved;
      }
    });
  });

  describe('valid values', () => {
    it('reads each variable', () => {
      const config = loadConfig({
        PORT: '0',
        DATA_DIR: '/var/lib/feedback',
        DATABASE_URL: 'postgres://user@db.example:5432/feedback',
        EVENTSTORE_URL: 'esdb://events.example:2113?tls=false',
        PROBLEM_BASE: 'https://errors.example.test/',
        LOG_LEVEL: 'silent',
        WEBHOOK_ALLOW_HTTP: 'true',
        ANALYZER: 'offline',
        ANALYZER_THREADS: '2',
        ROLE: 'worker',
        USER_ERASURE_BATCH: '50',
        BODY_TIMEOUT_MS: '5000',
        SLOW_BODIES_PER_ADDRESS: '3',
        METRICS_TOKEN: 'scrape-token-0123456789',
        READY_MAX_LAG_EVENTS: '0',
        READY_MAX_LAG_SECONDS: '120',
        PUBLIC_BASE_URL: 'https://feedback.example.com/',
        SMTP_URL: 'smtps://digest:s3cret@smtp.example.com:465',
        SMTP_FROM: 'Feedback <digest@example.com>',
      });
      expect(config).to.deep.equal({
        port: 0,
        dataDir: '/var/lib/feedback',
        databaseUrl: 'postgres://user@db.example:5432/feedback',
        eventStoreUrl: 'esdb://events.example:2113?tls=false',
        problemBase: 'https://errors.example.test',
        logLevel: 'silent',
        webhookAllowHttp: true,
        analyzer: 'offline',
        analyzerThreads: 2,
        role: 'worker',
        userErasureBatch: 50,
        bodyTimeoutMs: 5000,
        slowBodiesPerAddress: 3,
        metricsToken: 'scrape-token-0123456789',
        readyMaxLag: { events: 0, seconds: 120 },
        publicBaseUrl: 'https://feedback.example.com',
        smtp: { url: 'smtps://digest:s3cret@smtp.example.com:465', from: 'Feedback <digest@example.com>' },
      });
    });

    it('USER_ERASURE_BATCH is 500 by default and refuses 0, fractions and words, naming itself', () => {
      expect(loadConfig({}).userErasureBatch).to.equal(500);
      expect(loadConfig({ USER_ERASURE_BATCH: '5000' }).userErasureBatch).to.equal(5000);
      for (const raw of ['0', '1.5', 'many', '-3', '5001']) expect(() => loadConfig({ USER_ERASURE_BATCH: raw }), raw).to.throw(/USER_ERASURE_BATCH/);
    });

    it('BODY_TIMEOUT_MS is 30 s by default and refuses 0, fractions, words and more than 10 minutes, naming itself', () => {
      expect(loadConfig({}).bodyTimeoutMs).to.equal(30_000);
      expect(loadConfig({ BODY_TIMEOUT_MS: '600000' }).bodyTimeoutMs).to.equal(600_000);
      for (const raw of ['0', '1.5', '30s', '-1', '600001', ' 30000']) expect(() => loadConfig({ BODY_TIMEOUT_MS: raw }), raw).to.throw(/BODY_TIMEOUT_MS/);
    });

    it('SLOW_BODIES_PER_ADDRESS is 8 by default and refuses 0, fractions, words and more than 1,000, naming itself', () => {
      expect(loadConfig({}).slowBodiesPerAddress).to.equal(8);
      expect(loadConfig({ SLOW_BODIES_PER_ADDRESS: '1' }).slowBodiesPerAddress).to.equal(1);
      for (const raw of ['0', '2.5', 'eight', '-8', '1001'])
        expect(() => loadConfig({ SLOW_BODIES_PER_ADDRESS: raw }), raw).to.throw(/SLOW_BODIES_PER_ADDRESS/);
    });

    it('ANALYZER_THREADS is 1 by default and refuses 0, fractions, words and more than 8, naming itself', () => {
      expect(loadConfig({}).analyzerThreads).to.equal(1);
      expect(loadConfig({ ANALYZER_THREADS: '8' }).analyzerThreads).to.equal(8);
      const hostile = ['0', '1.5', 'two', '-1', '9', ' 2', '99999999999999999999', '２', '2\u0000', '\ud800', '1'.repeat(10_000)];
      for (const raw of hostile) expect(() => loadConfig({ ANALYZER_THREADS: raw }), JSON.stringify(raw.slice(0, 20))).to.throw(/ANALYZER_THREADS/);
      expect(loadConfig({ ANALYZER_THREADS: '' }).analyzerThreads, 'empty is unset').to.equal(1);
    });

    it('PUBLIC_BASE_URL is an origin, http://localhost:PORT (the listening port) when unset; other schemes, paths, queries and fragments are refused', () => {
      expect(loadConfig({ PORT: '3000' }).publicBaseUrl).to.equal(undefined);
      expect(publicBaseUrl(loadConfig({ PORT: '3000' }))).to.equal('http://localhost:3000');
      expect(publicBaseUrl(loadConfig({ PORT: '0' }), 41234)).to.equal('http://localhost:41234');
      expect(loadConfig({ PUBLIC_BASE_URL: 'https://feedback.example.com/' }).publicBaseUrl).to.equal('https://feedback.example.com');
      const refused = [
        'ftp://example.com',
        'https://example.com/feedback',
        'https://example.com/?a=1',
        'https://example.com/#x',
        'https://u:p@example.com',
        'example.com',
      ];
      for (const raw of refused) {
        expectConfigError({ PUBLIC_BASE_URL: raw }, 'PUBLIC_BASE_URL');
      }
    });

    it('SMTP_URL needs smtp: or smtps: and a host, and comes with SMTP_FROM, an address', () => {
      expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587', SMTP_FROM: 'digest@example.com' }).smtp).to.deep.equal({
        url: 'smtp://mail.example.com:587',
        from: 'digest@example.com',
      });
      expect(loadConfig({}).smtp).to.equal(undefined);
      expectConfigError({ SMTP_URL: 'http://mail.example.com', SMTP_FROM: 'digest@example.com' }, 'SMTP_URL');
      expectConfigError({ SMTP_URL: 'smtp://mail.example.com' }, 'SMTP_FROM');
      expectConfigError({ SMTP_FROM: 'digest@example.com' }, 'SMTP_FROM');
      for (const from of ['not an address', 'a@b', 'Feedback <digest@example.com', 'x@example.com\r\nBcc: y@example.com']) {
        expectConfigError({ SMTP_URL: 'smtp://mail.example.com', SMTP_FROM: from }, 'SMTP_FROM');
      }
    });

    it('accepts the edges of the port range', () => {
      expect(loadConfig({ PORT: '65535' }).port).to.equal(65535);
      expect(loadConfig({ PORT: '0' }).port).to.equal(0);
    });

    it('accepts the boolean spellings of WEBHOOK_ALLOW_HTTP', () => {
      for (const raw of ['1', 'true', 'YES']) expect(loadConfig({ WEBHOOK_ALLOW_HTTP: raw }).webhookAllowHttp, raw).to.equal(true);
      for (const raw of ['0', 'false', 'No']) expect(loadConfig({ WEBHOOK_ALLOW_HTTP: raw }).webhookAllowHttp, raw).to.equal(false);
    });

    it('accepts postgresql: and the other EventStoreDB schemes', () => {
      expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/x' }).databaseUrl).to.equal('postgresql://localhost/x');
      for (const url of ['esdb+discover://a:2113', 'kurrentdb://a:2113', 'kurrentdb+discover://a:2113']) {
        expect(loadConfig({ EVENTSTORE_URL: url }).eventStoreUrl).to.equal(url);
      }
    });

    it('strips every trailing slash of PROBLEM_BASE so types are `${base}/<slug>`', () => {
      expect(loadConfig({ PROBLEM_BASE: 'http://errors.local///' }).problemBase).to.equal('http://errors.local');
    });

    it('accepts ANALYZER=llm when the LLM is configured', () => {
      expect(loadConfig({ ANALYZER: 'llm', OPENAI_API_KEY: 'test-key' }).analyzer).to.equal('llm');
    });

    it('accepts ANALYZER=stub only with ALLOW_STUB_ANALYZER=true, and says it is for tests and demos', () => {
      expect(loadConfig({ ANALYZER: 'stub', ALLOW_STUB_ANALYZER: 'true' }).analyzer).to.equal('stub');
      expect(expectConfigError({ ANALYZER: 'stub' }, 'ANALYZER').message).to.match(/tests and demos.*ALLOW_STUB_ANALYZER=true/);
      expect(expectConfigError({ ANALYZER: 'stub', ALLOW_STUB_ANALYZER: 'false' }, 'ANALYZER').message).to.include('ALLOW_STUB_ANALYZER');
      expectConfigError({ ANALYZER: 'stub', ALLOW_STUB_ANALYZER: 'maybe' }, 'ALLOW_STUB_ANALYZER');
    });
  });

  describe('invalid values throw a ConfigError naming the variable', () => {
    const cases: [string, Record<string, string>][] = [
      ['PORT', { PORT: 'eighty' }],
      ['PORT', { PORT: '65536' }],
      ['PORT', { PORT: '-1' }],
      ['PORT', { PORT: '80.5' }],
      ['PORT', { PORT: ' 80' }],
      ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
      ['LOG_LEVEL', { LOG_LEVEL: 'INFO' }],
      ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
      ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/feedback' }],
      ['EVENTSTORE_URL', { EVENTSTORE_URL: 'localhost:2113' }],
      ['EVENTSTORE_URL', { EVENTSTORE_URL: 'http://localhost:2113' }],
      ['PROBLEM_BASE', { PROBLEM_BASE: 'errors.example.test' }],
      ['PROBLEM_BASE', { PROBLEM_BASE: 'ftp://errors.example.test' }],
      ['WEBHOOK_ALLOW_HTTP', { WEBHOOK_ALLOW_HTTP: 'maybe' }],
      ['WEBHOOK_ALLOW_HTTP', { WEBHOOK_ALLOW_HTTP: '2' }],
      ['ANALYZER', { ANALYZER: 'gpt' }],
      ['ANALYZER', { ANALYZER: 'Offline' }],
      ['ROLE', { ROLE: 'projector' }],
      ['METRICS_TOKEN', { METRICS_TOKEN: 'short' }],
      ['METRICS_TOKEN', { METRICS_TOKEN: 'has a space in it, sixteen+' }],
      ['READY_MAX_LAG_EVENTS', { READY_MAX_LAG_EVENTS: '-1' }],
      ['READY_MAX_LAG_EVENTS', { READY_MAX_LAG_EVENTS: 'many' }],
      ['READY_MAX_LAG_SECONDS', { READY_MAX_LAG_SECONDS: '1.5' }],
      ['READY_MAX_LAG_SECONDS', { READY_MAX_LAG_SECONDS: '86401' }],
    ];
    for (const [variable, env] of cases) {
      it(`${variable}=${JSON.stringify(Object.values(env)[0])}`, () => {
        const error = expectConfigError(env, variable);
        expect(error.message).to.match(new RegExp(`^${variable}: \\S`));
      });
    }

    it('quotes the offending value so the operator can find it', () => {
      expect(expectConfigError({ PORT: 'eighty' }, 'PORT').message).to.include('"eighty"');
      expect(expectConfigError({ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL').message).to.include('"verbose"');
      expect(expectConfigError({ ANALYZER: 'gpt' }, 'ANALYZER').message).to.include('"gpt"');
    });

    it('names the variable that is wrong when others are fine', () => {
      expectConfigError({ PORT: '8080', LOG_LEVEL: 'debug', DATABASE_URL: 'postgres://h/db', EVENTSTORE_URL: 'nope' }, 'EVENTSTORE_URL');
      expectConfigError({ PORT: '8080', PROBLEM_BASE: 'https://ok.example', WEBHOOK_ALLOW_HTTP: 'sometimes' }, 'WEBHOOK_ALLOW_HTTP');
    });

    it('ANALYZER=llm without an OpenAI key is refused and the message says what is missing', () => {
      const error = expectConfigError({ ANALYZER: 'llm' }, 'ANALYZER=llm');
      expect(error.message).to.include('ANALYZER');
      expect(error.message).to.include('OPENAI_API_KEY');
    });

    it('does not echo a refused METRICS_TOKEN', () => {
      expect(expectConfigError({ METRICS_TOKEN: 'hunter2' }, 'METRICS_TOKEN').message).not.to.include('hunter2');
    });

    it('does not echo the password of a refused DATABASE_URL', () => {
      const error = expectConfigError({ DATABASE_URL: 'mysql://admin:hunter2@db/x' }, 'DATABASE_URL');
      expect(error.message).not.to.include('hunter2');
    });
  });

  describe('EMBEDDINGS_*: a remote embedding server, with either analyzer', () => {
    const base = { EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1/', EMBEDDINGS_MODEL: 'nomic-embed-text' };

    it('is off unless EMBEDDINGS_BASE_URL is set', () => {
      expect(loadConfig({})).not.to.have.property('embeddings');
    });

    it('reads every setting, with defaults for the timeout, the batch and the prefix', () => {
      expect(loadConfig(base).embeddings).to.deep.equal({
        baseURL: 'http://localhost:11434/v1',
        model: 'nomic-embed-text',
        timeoutMs: 30_000,
        batchSize: 32,
        prefix: '',
      });
      const full = loadConfig({
        ...base,
        ANALYZER: 'offline',
        EMBEDDINGS_MODEL: 'intfloat/multilingual-e5-base',
        EMBEDDINGS_API_KEY: ' local ',
        EMBEDDINGS_DIMENSIONS: '768',
        EMBEDDINGS_TIMEOUT_MS: '5000',
        EMBEDDINGS_BATCH: '64',
        EMBEDDINGS_PREFIX: 'query: ',
      });
      expect(full.embeddings).to.deep.equal({
        baseURL: 'http://localhost:11434/v1',
        model: 'intfloat/multilingual-e5-base',
        apiKey: 'local',
        dimensions: 768,
        timeoutMs: 5000,
        batchSize: 64,
        prefix: 'query: ',
      });
    });

    const refused: [Record<string, string>, string][] = [
      [{ EMBEDDINGS_BASE_URL: 'localhost:11434' }, 'EMBEDDINGS_BASE_URL'],
      [{ EMBEDDINGS_BASE_URL: 'ftp://models.example/v1', EMBEDDINGS_MODEL: 'm' }, 'EMBEDDINGS_BASE_URL'],
      [{ EMBEDDINGS_BASE_URL: 'http://localhost:8080/v1' }, 'EMBEDDINGS_MODEL'],
      [{ ...base, EMBEDDINGS_MODEL: 'nomic embed' }, 'EMBEDDINGS_MODEL'],
      [{ ...base, EMBEDDINGS_DIMENSIONS: '0' }, 'EMBEDDINGS_DIMENSIONS'],
      [{ ...base, EMBEDDINGS_DIMENSIONS: '768d' }, 'EMBEDDINGS_DIMENSIONS'],
      [{ ...base, EMBEDDINGS_DIMENSIONS: '16001' }, 'EMBEDDINGS_DIMENSIONS'],
      [{ ...base, EMBEDDINGS_TIMEOUT_MS: '-1' }, 'EMBEDDINGS_TIMEOUT_MS'],
      [{ ...base, EMBEDDINGS_BATCH: '0' }, 'EMBEDDINGS_BATCH'],
      [{ ...base, EMBEDDINGS_BATCH: 'all' }, 'EMBEDDINGS_BATCH'],
      [{ ...base, EMBEDDINGS_PREFIX: 'query:\n' }, 'EMBEDDINGS_PREFIX'],
      // A model without a server would be silently ignored.
      [{ EMBEDDINGS_MODEL: 'bge-m3' }, 'EMBEDDINGS_MODEL'],
      [{ EMBEDDINGS_DIMENSIONS: '1024' }, 'EMBEDDINGS_DIMENSIONS'],
    ];
    for (const [env, variable] of refused) {
      it(`refuses ${JSON.stringify(env)}, naming ${variable}`, () => {
        expectConfigError(env, variable);
      });
    }

    it('does not echo the API key', () => {
      const error = expectConfigError({ ...base, EMBEDDINGS_API_KEY: 'sk-secret-123', EMBEDDINGS_BATCH: 'x' }, 'EMBEDDINGS_BATCH');
      expect(error.message).not.to.include('sk-secret-123');
    });
  });
});
