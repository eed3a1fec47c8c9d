import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`);
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`);

/** A person known to the built-in identity server (Kratos `identity`); traits follow the identity schema. */
export const identityIdentities = pgTable('identity_identities', {
  id: uuid('id').primaryKey(),
  schemaId: text('schema_id').notNull(),
  state: text('state').notNull().default('active'),
  traits: jsonb('traits').notNull(),
  metadataPublic: jsonb('metadata_public'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A way to prove an identity (Kratos `credentials`): one row per type and identifier, unique across all
 * identities (an e-mail for `password` and `code`, `provider:subject` for `oidc`).
 */
export const identityCredentials = pgTable(
  'identity_credentials',
  {
    id: uuid('id').primaryKey(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identityIdentities.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    identifier: text('identifier').notNull(),
    config: jsonb('config').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('identity_credentials_type_identifier').on(t.type, t.identifier),
    index('identity_credentials_identity').on(t.identityId),
  ],
);

/** Verifiable and recovery addresses of an identity (Kratos keeps them in two lists; `kind` tells which). */
export const identityAddresses = pgTable(
  'identity_addresses',
  {
    id: uuid('id').primaryKey(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identityIdentities.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'verifiable' | 'recovery'>().notNull(),
    via: text('via').notNull().default('email'),
    value: text('value').notNull(),
    verified: boolean('verified').notNull().default(false),
    status: text('status').notNull().default('pending'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('identity_addresses_kind_value').on(t.kind, t.via, t.value),
    index('identity_addresses_identity').on(t.identityId),
  ],
);

/**
 * A signed-in session; only the SHA-256 of its token is stored. Its logout token is not stored: it is an
 * HMAC of the session id, so it opens the logout of that session only.
 */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identityIdentities.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    aal: text('aal').notNull().default('aal1'),
    authenticationMethods: jsonb('authentication_methods').notNull().default([]),
    devices: jsonb('devices').notNull().default([]),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identity_sessions_token').on(t.tokenHash),
    index('identity_sessions_identity').on(t.identityId),
    index('identity_sessions_expires').on(t.expiresAt),
  ],
);

/** A self-service flow (login, registration, recovery, verification, settings) with its rendered UI. */
export const identityFlows = pgTable(
  'identity_flows',
  {
    id: uuid('id').primaryKey(),
    flowType: text('flow_type').notNull(),
    kind: text('kind').$type<'browser' | 'api'>().notNull(),
    state: text('state').notNull(),
    requestUrl: text('request_url').notNull(),
    returnTo: text('return_to'),
    csrfToken: text('csrf_token').notNull(),
    identityId: uuid('identity_id'),
    /** Server-side state: the address a code went to, tries so far, refresh and requested AAL. */
    internal: jsonb('internal').notNull().default({}),
    ui: jsonb('ui').notNull(),
    /**
     * One-time codes submitted to this flow, counted by one atomic `UPDATE … RETURNING` before a code is
     * checked; past the limit the flow takes no more codes (Kratos's `submit_count`).
     */
    submitCount: integer('submit_count').notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('identity_flows_expires').on(t.expiresAt)],
);

/** A one-time code sent by e-mail for a flow; only its hash is stored, and it is used once. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: uuid('id').primaryKey(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => identityFlows.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    codeHash: text('code_hash').notNull(),
    identityId: uuid('identity_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('identity_codes_flow').on(t.flowId)],
);

/**
 * A native sign-in handed over through a browser (Kratos's session token exchanger): the app keeps the
 * init code from the flow's creation, the browser is sent back with a return-to code made when the sign-in
 * completes, and both together fetch the session token once. Codes are stored as SHA-256 hashes; the token
 * only until it is fetched.
 */
export const identityTokenExchanges = pgTable(
  'identity_token_exchanges',
  {
    id: uuid('id').primaryKey(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => identityFlows.id, { onDelete: 'cascade' }),
    initCodeHash: text('init_code_hash').notNull(),
    /** Set when the sign-in completes: the browser is sent back with the code itself. */
    returnToCodeHash: text('return_to_code_hash'),
    sessionId: uuid('session_id').references(() => identitySessions.id, { onDelete: 'cascade' }),
    sessionToken: text('session_token'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identity_token_exchanges_init_code').on(t.initCodeHash),
    index('identity_token_exchanges_flow').on(t.flowId),
  ],
);

/** A self-service error shown by the error UI (`GET /self-service/errors?id=`). */
export const identityErrors = pgTable(
  'identity_errors',
  {
    id: uuid('id').primaryKey(),
    error: jsonb('error').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('identity_errors_created').on(t.createdAt)],
);

/** A file sent with a courier message; `cid` makes it an inline image the HTML refers to. */
export interface MailAttachmentRecord {
  filename: string;
  contentType: string;
  contentBase64: string;
  cid?: string;
}

/** Messages of the courier; in the embedded mode this table is the outbox shown at `/_dev/mail/`. */
export const identityCourierMessages = pgTable(
  'identity_courier_messages',
  {
    id: uuid('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    templateType: text('template_type').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html').notNull(),
    /** Files sent with the message (an order's QR images and calendar file), base64; null for none. */
    attachments: jsonb('attachments').$type<MailAttachmentRecord[]>(),
    status: text('status').$type<'queued' | 'sent' | 'abandoned'>().notNull().default('queued'),
    createdAt: createdAt(),
  },
  (t) => [index('identity_courier_messages_created').on(t.createdAt)],
);

/** Fixed-window request counters per key (IP or identifier) for the identity server's rate limits. */
export const identityRateLimits = pgTable(
  'identity_rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
