import type { FeedbackSource } from '../domain/feedback/events.js';

/** Fields of an item a column can fill; `title` is put before the text, `id` becomes the Idempotency-Key. */
export const MAPPABLE_FIELDS = ['text', 'title', 'id', 'userId', 'email', 'createdAt'] as const;
export type MappableField = (typeof MAPPABLE_FIELDS)[number];

/** For each field, the header names that may hold it, first match wins (compared without case). */
export interface ColumnMapping {
  fields: Partial<Record<MappableField, string[]>>;
  /** Metadata key → candidate columns; an empty cell adds nothing. */
  metadata: Record<string, string[]>;
  /** Metadata keys whose values are numbers (a star rating). */
  numeric?: string[];
}

export interface ImportFormat {
  source: FeedbackSource;
  description: string;
  mapping: ColumnMapping;
}

/**
 * The shipped mappings. Each lists the column headers of the tool's own export (and the API field
 * names, for exports made through the tool's API); `--map` replaces any of them.
 */
export const IMPORT_FORMATS = {
  csv: {
    source: 'csv',
    description: 'any CSV: columns text, userId, email and createdAt unless --map names others (--map id=COLUMN for a stable row id)',
    mapping: {
      fields: {
        // No id column by default: ids such as 1, 2, 3 recur in unrelated files, whose rows would then be "already present".
        text: ['text', 'feedback', 'comment'],
        userId: ['userId', 'user_id'],
        email: ['email'],
        createdAt: ['createdAt', 'created_at', 'date'],
      },
      metadata: {},
    },
  },
  'appstore-apple': {
    source: 'appstore',
    description: 'App Store Connect customer reviews (the customerReviews resource: id, rating, title, body, createdDate, territory)',
    mapping: {
      fields: { id: ['id', 'Review ID'], title: ['title', 'Title'], text: ['body', 'Review', 'Body'], createdAt: ['createdDate', 'Date'] },
      metadata: {
        rating: ['rating', 'Rating'],
        version: ['version', 'appVersion', 'App Version', 'Version'],
        territory: ['territory', 'Territory', 'Country'],
      },
      numeric: ['rating'],
    },
  },
  'appstore-google': {
    source: 'appstore',
    description: 'Google Play Console review reports (reviews_<package>_<yyyymm>.csv, UTF-16)',
    mapping: {
      fields: { title: ['Review Title'], text: ['Review Text'], createdAt: ['Review Submit Date and Time', 'Review Submit Millis Since Epoch'] },
      metadata: {
        rating: ['Star Rating'],
        version: ['App Version Name', 'App Version Code'],
        territory: ['Territory', 'Country'],
        language: ['Reviewer Language'],
        device: ['Device'],
        app: ['Package Name'],
      },
      numeric: ['rating'],
    },
  },
  intercom: {
    source: 'intercom',
    description: 'Intercom conversation exports: one row per conversation, its first user message as the text',
    mapping: {
      fields: {
        id: ['Conversation ID', 'conversation_id', 'id'],
        title: ['Conversation subject', 'source.subject'],
        text: ['Conversation first message', 'First user message', 'source.body', 'message_body'],
        userId: ['User ID', 'Contact external ID', 'user_id'],
        email: ['User email', 'Contact email', 'source.author.email', 'message_author_email'],
        createdAt: ['Conversation started at', 'Conversation started at (UTC)', 'created_at', 'conversation_created_at'],
      },
      metadata: {
        channel: ['Channel', 'source.type'],
        rating: ['Conversation rating', 'conversation_rating.rating'],
        tags: ['Conversation tags', 'conversation_tags'],
      },
      numeric: ['rating'],
    },
  },
  zendesk: {
    source: 'zendesk',
    description: 'Zendesk ticket CSV exports (Id, Requester email, Subject, Description, Created at, Via, Tags, …)',
    mapping: {
      fields: {
        id: ['Id', 'ID', 'Ticket ID'],
        title: ['Subject'],
        text: ['Description', 'Subject'],
        userId: ['Requester external id'],
        email: ['Requester email'],
        createdAt: ['Created at'],
      },
      metadata: { channel: ['Via'], type: ['Ticket type'], priority: ['Priority'], tags: ['Tags'], satisfaction: ['Satisfaction Score'] },
    },
  },
} satisfies Record<string, ImportFormat>;

export type ImportFormatName = keyof typeof IMPORT_FORMATS;
export const IMPORT_FORMAT_NAMES = Object.keys(IMPORT_FORMATS) as ImportFormatName[];

export const isImportFormatName = (name: string): name is ImportFormatName => Object.hasOwn(IMPORT_FORMATS, name);
