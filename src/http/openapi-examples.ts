/**
 * Example bodies for the OpenAPI document. The linter checks each against its schema, so they stay
 * true to what the service sends and accepts.
 */

const FEEDBACK_ITEM = {
  id: 'fb_3k9x0q7w2m5n8b1v4c6z',
  text: 'Export to CSV times out when I pick a whole year. Call me on [phone].',
  status: 'processed',
  sentiment: 'negative',
  sentimentScore: -0.62,
  type: 'bug',
  confidence: 0.82,
  emotions: ['frustration'],
  churnRisk: false,
  language: 'en',
  clusterId: 'cl_0h4k2j8s6d1f3g5a7p9q',
  userId: 'user_42',
  source: 'api',
  metadata: { plan: 'pro', page: '/reports/export' },
  createdAt: '2025-01-15T09:30:00.000Z',
};

const CHURN_RISK_ITEM = {
  ...FEEDBACK_ITEM,
  id: 'fb_8d1s5g0h3j6k9l2z4x7c',
  text: 'Your pricing jumped 40% overnight. Seriously considering switching to a competitor.',
  sentimentScore: -0.5,
  type: 'complaint',
  confidence: 0.6,
  emotions: ['disappointment'],
  churnRisk: true,
  clusterId: 'cl_2w6e9r1t4y7u0i3o5p8a',
  metadata: { plan: 'team' },
  createdAt: '2025-01-15T11:02:00.000Z',
};

const PENDING_ITEM = {
  ...FEEDBACK_ITEM,
  status: 'pending',
  sentiment: null,
  sentimentScore: null,
  type: null,
  confidence: null,
  emotions: null,
  churnRisk: null,
  language: null,
  clusterId: null,
};

const CLUSTER = {
  id: 'cl_0h4k2j8s6d1f3g5a7p9q',
  label: 'csv export timeout',
  status: 'active',
  muted: false,
  spiking: false,
  size: 14,
  sentiment: { positive: 0, neutral: 3, negative: 11 },
  churnRiskCount: 2,
  firstSeenAt: '2025-01-02T14:05:00.000Z',
  lastSeenAt: '2025-01-15T09:30:00.000Z',
  origin: 'discovered',
  keywords: [],
  description: null,
  parentId: null,
  childCount: 0,
  rollup: { size: 14, sentiment: { positive: 0, neutral: 3, negative: 11 } },
};

const WEBHOOK_ENDPOINT = {
  id: 'whe_5t2k8m1x9q4w7e0r3y6u',
  url: 'https://hooks.example.com/feedback',
  events: ['feedback.processed', 'cluster.spiking'],
  active: true,
  disabledReason: null,
  createdAt: '2025-01-10T08:00:00.000Z',
  failingSince: null,
  lastDeliveryAt: '2025-01-15T09:30:03.112Z',
  lastSuccessAt: '2025-01-15T09:30:03.112Z',
  lastStatus: 200,
  consecutiveFailures: 0,
  pendingDeliveries: 0,
};

/** An example body for each named response schema. */
export const RESPONSE_EXAMPLES: Record<string, unknown> = {
  Ping: { project: { id: 'proj_7c2e9r4t6y8u0i1o3p5a', name: 'Acme web app' }, key: { type: 'secret', mode: 'live' } },
  FeedbackAccepted: { id: 'fb_3k9x0q7w2m5n8b1v4c6z', status: 'pending' },
  FeedbackDetail: {
    ...FEEDBACK_ITEM,
    receivedAt: '2025-01-15T09:30:01.204Z',
    processedAt: '2025-01-15T09:30:02.981Z',
    analysis: { analyzer: 'offline', fallback: null, topic: null },
  },
  FeedbackList: { items: [CHURN_RISK_ITEM, FEEDBACK_ITEM, PENDING_ITEM], nextBefore: '2025-01-15T09:30:00.000Z' },
  SearchResults: { results: [{ score: 0.83, feedback: FEEDBACK_ITEM }], model: 'use-lite-512' },
  Cluster: CLUSTER,
  WebhookEndpoint: WEBHOOK_ENDPOINT,
  WebhookEndpointList: { webhooks: [WEBHOOK_ENDPOINT] },
  CreatedWebhookEndpoint: {
    ...WEBHOOK_ENDPOINT,
    lastDeliveryAt: null,
    lastSuccessAt: null,
    lastStatus: null,
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwJt0E5uuZrHQ=',
  },
  ClusterList: { clusters: [CLUSTER] },
  ClusterDetail: { cluster: CLUSTER, items: [FEEDBACK_ITEM] },
  ClusterTrend: {
    cluster: { id: CLUSTER.id, label: CLUSTER.label },
    from: '2025-01-13T00:00:00.000Z',
    to: '2025-01-16T00:00:00.000Z',
    bucket: 'day',
    buckets: [
      { start: '2025-01-13T00:00:00.000Z', count: 3, sentiment: { positive: 0, neutral: 1, negative: 2 }, revenue: 149.7 },
      { start: '2025-01-14T00:00:00.000Z', count: 0, sentiment: { positive: 0, neutral: 0, negative: 0 }, revenue: 0 },
      { start: '2025-01-15T00:00:00.000Z', count: 5, sentiment: { positive: 0, neutral: 1, negative: 4 }, revenue: 420 },
    ],
  },
  ThemeTrends: {
    from: '2024-12-16T09:30:00.000Z',
    to: '2025-01-15T09:30:00.000Z',
    previousFrom: '2024-11-16T09:30:00.000Z',
    themes: [
      {
        id: CLUSTER.id,
        label: CLUSTER.label,
        status: 'active',
        muted: false,
        count: 14,
        previous: 4,
        growth: 2.5,
        sentiment: { positive: 0, neutral: 3, negative: 11 },
        revenue: 1249.5,
        churnRiskCount: 2,
        new: false,
        spiking: true,
        regressed: false,
        firstSeenAt: '2024-11-20T14:05:00.000Z',
        lastSeenAt: '2025-01-15T09:30:00.000Z',
      },
    ],
  },
  IdentifyResult: { userId: 'user_42', traits: { plan: 'pro', mrr: 49.9, seats: 5, beta: true } },
  User: {
    userId: 'user_42',
    traits: { plan: 'pro', mrr: 49.9, seats: 5, beta: true },
    valueMarks: {
      mrr: { current: 49.9, lastPositive: 49.9, lastPositiveAt: '2025-01-10T08:00:00.000Z', payingSince: '2025-01-10T08:00:00.000Z', lostAt: null },
      seats: { current: 5, lastPositive: 5, lastPositiveAt: '2024-11-02T16:20:00.000Z', payingSince: null, lostAt: null },
    },
    firstSeenAt: '2024-11-02T16:20:00.000Z',
    lastSeenAt: '2025-01-15T09:30:00.000Z',
    feedbackCount: 1,
    feedback: [FEEDBACK_ITEM],
    health: {
      score: 24,
      band: 'at_risk',
      atRisk: true,
      reasons: [
        { factor: 'churn_threat', points: -36, feedbackIds: ['fb_7d2k9m4x1q8w3e6r5t0y'], text: 'Threatened to leave on 12 Jan' },
        {
          factor: 'open_problems',
          points: -13,
          feedbackIds: ['fb_3k9x0q7w2m5n8b1v4c6z'],
          text: 'Reported a problem on 15 Jan, not resolved yet',
        },
        { factor: 'positive_feedback', points: 2, feedbackIds: ['fb_1a5s8d2f6g9h3j7k0l4z'], text: 'Wrote positive feedback on 20 Nov 2024' },
        {
          factor: 'requests_and_questions',
          points: 0,
          feedbackIds: ['fb_9q2w6e1r5t8y3u7i0o4p'],
          text: 'Sent a feature request or question: not a complaint, no effect',
        },
      ],
    },
  },
  TranscriptAccepted: { id: 'tr_0c4v8b2n6m1k5j9h3g7f', status: 'queued', metered_items: 4, word_count: 1840 },
  TranscriptRecord: { id: 'tr_0c4v8b2n6m1k5j9h3g7f', status: 'queued', metered_items: 4, word_count: 1840 },
  Transcript: {
    id: 'tr_0c4v8b2n6m1k5j9h3g7f',
    external_id: 'call_2025_01_15_acme',
    provider: 'api',
    status: 'skipped',
    skip_reason: 'too_short',
    metered_items: 0,
    word_count: 412,
    signal_count: 0,
    created_at: '2025-01-15T10:31:02.118Z',
  },
};

/** Example request bodies, by operationId: a name and the body. */
export const REQUEST_EXAMPLES: Record<string, Record<string, { summary: string; value: unknown }>> = {
  submitFeedback: {
    minimal: { summary: 'Only the text', value: { text: 'The export button does nothing on Safari.' } },
    full: {
      summary: 'With the end user and custom properties, backfilled',
      value: {
        text: 'Export to CSV times out when I pick a whole year.',
        userId: 'user_42',
        source: 'api',
        metadata: { plan: 'pro', page: '/reports/export' },
        createdAt: '2025-01-15T09:30:00Z',
      },
    },
  },
  identifyUser: {
    server: {
      summary: 'From your server (secret key): the customer value as a decimal string',
      value: { userId: 'user_42', traits: { plan: 'pro', mrr: '49.90', seats: 5, beta: true } },
    },
    unset: { summary: 'Remove a trait and its value mark (secret key)', value: { userId: 'user_42', traits: { beta: null } } },
    widget: { summary: 'From the browser (widget key): strings and booleans', value: { userId: 'user_42', traits: { locale: 'de-DE', darkMode: true } } },
  },
  submitTranscript: {
    text: {
      summary: 'A plain-text transcript with its attendees',
      value: {
        external_id: 'call_2025_01_15_acme',
        text: '[00:00:05] Me: Thanks for joining.\n[00:00:09] Them: The CSV export times out when I pick a whole year.\nIt has done that since March.',
        title: 'Acme weekly sync',
        started_at: '2025-01-15T09:30:00Z',
        duration_sec: 1860,
        language: 'en',
        url: 'https://calls.example.com/c/8412',
        owner_email: 'rep@ourcompany.com',
        owner_name: 'Sam Rivera',
        attendees: [{ email: 'buyer@acme.com' }, { email: 'rep@ourcompany.com' }],
      },
    },
    segments: {
      summary: 'Turns as segments',
      value: {
        external_id: 'call_2025_01_16_globex',
        segments: [
          { speaker: 'Sam', text: 'How is the new dashboard working for you?', start_sec: 12 },
          { speaker: 'Dana', text: 'Loading takes far too long on Mondays.', start_sec: 15.5 },
        ],
        owner_name: 'Sam Rivera',
        attendees: [{ name: 'Dana', external: true }],
      },
    },
    vtt: {
      summary: 'WebVTT with voice tags',
      value: {
        external_id: 'call_2025_01_17_initech',
        format: 'vtt',
        text: 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Sam Rivera>Anything blocking you?\n\n00:00:04.500 --> 00:00:09.000\n<v Dana>Search misses half our tickets.',
        owner_name: 'Sam Rivera',
        attendees: [{ email: 'dana@initech.com' }],
        owner_email: 'sam@ourcompany.com',
      },
    },
  },
  createWebhook: {
    subscribe: {
      summary: 'Analysed items and spikes',
      value: { url: 'https://hooks.example.com/feedback', events: ['feedback.processed', 'cluster.spiking'] },
    },
  },
  changeWebhook: {
    pause: { summary: 'Pause deliveries', value: { active: false } },
    resume: { summary: 'Resume and clear the failure streak', value: { active: true } },
  },
  changeClusterStatus: {
    resolve: { summary: 'Mark the theme resolved', value: { status: 'resolved' } },
    mute: { summary: 'Mute the theme', value: { status: 'muted' } },
    rename: { summary: 'Rename the theme (kept over automatic labels)', value: { label: 'CSV export times out' } },
    keywords: { summary: 'Change a defined theme’s keywords (keywords make a discovered theme defined)', value: { keywords: ['export', 'csv', 'download'] } },
    parent: { summary: 'File the theme under a parent area, or take it out with null', value: { parentId: 'cl_0f3k8d2m5q7w9e1r4t6y' } },
  },
  defineCluster: {
    define: {
      summary: 'A theme for billing, filed under a parent area',
      value: {
        label: 'Billing and invoices',
        keywords: ['invoice', 'billing', 'refund', 'charged twice'],
        description: 'Anything about invoices, charges and refunds.',
        parentId: 'cl_0f3k8d2m5q7w9e1r4t6y',
      },
    },
  },
  acceptThemeSuggestion: {
    asSuggested: { summary: 'Keep the suggested label and keywords', value: {} },
    named: { summary: 'Name it and choose its keywords', value: { label: 'CSV export', keywords: ['csv', 'export', 'spreadsheet'] } },
  },
  mergeCluster: { merge: { summary: 'Fold this theme into another', value: { into: 'cl_0f3k8d2m5q7w9e1r4t6y' } } },
  moveFeedback: { move: { summary: 'Put the item into another theme', value: { clusterId: 'cl_0f3k8d2m5q7w9e1r4t6y' } } },
  splitCluster: {
    split: {
      summary: 'Two items form a new, named theme',
      value: { feedbackIds: ['fb_3k9x0q7w2m5n8b1v4c6z', 'fb_8h2j4k6l8z0x1c3v5b7n'], label: 'PDF export is blank' },
    },
  },
};
