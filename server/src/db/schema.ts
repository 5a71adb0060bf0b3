import { ORDER_STATES } from '@parley/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => text('id').primaryKey().default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () => text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    username: text('username'),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    provider: text('provider').notNull().default('local'),
    providerId: text('provider_id'),
    role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
    emailVerified: boolean('email_verified').notNull().default(false),
    plugins: jsonb('plugins').$type<string[]>().notNull().default([]),
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    /** Why an admin banned the account, shown in the console. */
    banReason: text('ban_reason'),
    /** Access tokens carry the version they were signed at; logout, reset, ban bump it and end them all. */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Token credits (CHECK_BALANCE); null until the first use, which counts as START_BALANCE. */
    balance: bigint('balance', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_provider_idx').on(t.provider, t.providerId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: userRef(),
    /** Every token rotated from one login shares a family; reuse of a rotated token revokes the family. */
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    replacedBy: text('replaced_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_family_idx').on(t.familyId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: userRef(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    title: text('title').notNull().default('New Chat'),
    endpoint: text('endpoint').notNull(),
    model: text('model'),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    tools: jsonb('tools').$type<string[]>().notNull().default([]),
    // The upstream's own conversation (Bing: its ids, signature, turn counter), never shown to the client.
    upstream: jsonb('upstream').$type<Record<string, unknown>>(),
    /** Set while the conversation is archived: out of the sidebar's list, listed in settings, still found by search. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The id completes the list's sort key, so a page is read straight off the index instead of sorting all the user's rows.
  (t) => [
    index('conversations_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('conversations_user_archived_idx').on(t.userId, t.archivedAt.desc().nullsLast()).where(sql`${t.archivedAt} IS NOT NULL`),
  ],
);

/**
 * A read-only link to one branch of a conversation (down to `messageId`), readable without
 * signing in at `/share/<token>`. The token is 128 random bits (base64url), unique; deleting the
 * row (revoking) makes the link answer 404 at once, and the conversation's deletion takes it along.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: id(),
    userId: userRef(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The last message of the shared branch. */
    messageId: text('message_id').notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('share_links_token_idx').on(t.token), index('share_links_user_idx').on(t.userId, t.createdAt)],
);

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: userRef(),
    parentMessageId: text('parent_message_id').notNull(),
    sender: text('sender').notNull(),
    text: text('text').notNull().default(''),
    reasoning: text('reasoning'),
    isCreatedByUser: boolean('is_created_by_user').notNull(),
    model: text('model'),
    // The model the provider says answered (its response's `model`), where `model` keeps the alias picked.
    upstreamModel: text('upstream_model'),
    // A ChatGPT-browser reply's place in ChatGPT's own tree: the next turn continues from it.
    upstreamConversationId: text('upstream_conversation_id'),
    upstreamMessageId: text('upstream_message_id'),
    endpoint: text('endpoint'),
    error: boolean('error').notNull().default(false),
    // The chat error that cut a reply short; its text stays what had arrived (unfinished).
    errorText: text('error_text'),
    unfinished: boolean('unfinished').notNull().default(false),
    cancelled: boolean('cancelled').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    finishReason: text('finish_reason'),
    tokenCount: integer('token_count'),
    files: jsonb('files').$type<unknown[]>(),
    plugins: jsonb('plugins').$type<unknown>(),
    // The reply's sources (numbered links) and the follow-up questions the model suggested.
    sources: jsonb('sources').$type<{ url: string; title: string }[]>(),
    suggestions: jsonb('suggestions').$type<string[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    // Which messages use a file: the orphan sweep asks it for every candidate.
    index('messages_files_idx').using('gin', sql`${t.files} jsonb_path_ops`),
    // Search and per-user listings walk one user's messages newest first.
    index('messages_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Substring search of 3+ characters. The user id is a key of the same GIN index (btree_gin), so
    // the scan is driven by that user's short posting list instead of corpus-wide trigram lists;
    // 1–2 character (CJK) queries yield no trigram and use the per-user index above.
    // Partial: a streaming reply is rewritten about once a second, and re-indexing its whole
    // text each time was the dominant cost of that save; it is indexed once, when it ends.
    index('messages_user_text_trgm_idx')
      .using('gin', t.userId, t.text.op('gin_trgm_ops'))
      .where(sql`${t.unfinished} = false`),
  ],
);

export const presets = pgTable(
  'presets',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    title: text('title').notNull().default('New Preset'),
    endpoint: text('endpoint').notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('presets_user_idx').on(t.userId)],
);

export const userKeys = pgTable(
  'user_keys',
  {
    id: id(),
    userId: userRef(),
    endpoint: text('endpoint').notNull(),
    /** AES-256-GCM: base64 of iv ‖ tag ‖ ciphertext, a fresh random IV per row. */
    ciphertext: text('ciphertext').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_keys_user_endpoint_idx').on(t.userId, t.endpoint), index('user_keys_expiry_idx').on(t.expiresAt)],
);

export const pluginAuth = pgTable(
  'plugin_auth',
  {
    id: id(),
    userId: userRef(),
    pluginKey: text('plugin_key').notNull(),
    authField: text('auth_field').notNull(),
    ciphertext: text('ciphertext').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('plugin_auth_idx').on(t.userId, t.pluginKey, t.authField)],
);

export const files = pgTable(
  'files',
  {
    id: id(),
    userId: userRef(),
    /** The conversation a generated image was drawn in; uploads are shared by reference from messages. */
    conversationId: text('conversation_id'),
    filename: text('filename').notNull(),
    /** The sniffed media type. */
    mimeType: text('mime_type').notNull(),
    kind: text('kind', { enum: ['image', 'document'] }).notNull().default('document'),
    source: text('source', { enum: ['upload', 'generated'] }).notNull().default('upload'),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** The storage key (disk path under DATA_DIR/files, or the S3 object key). */
    path: text('path').notNull(),
    /** A document's text, extracted once at upload; null for images and unreadable documents. */
    text: text('text'),
    textTruncated: boolean('text_truncated').notNull().default(false),
    /** When a message first used the file; from then on, no message using it makes it an orphan at once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('files_user_idx').on(t.userId), index('files_created_idx').on(t.createdAt)],
);

export const accessKeys = pgTable(
  'access_keys',
  {
    id: id(),
    /** The key's own owner row: its conversations, presets, settings and files hang off it like an account's. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    label: text('label'),
    /** Remaining quota (额度). */
    quota: bigint('quota', { mode: 'number' }).notNull().default(0),
    used: bigint('used', { mode: 'number' }).notNull().default(0),
    /** The model ids this key may use (`key:create --models`); null: every model the endpoints offer. */
    models: jsonb('models').$type<string[]>(),
    /** Requests per minute through the API (`key:create --rpm`); null: no limit of its own. */
    rpm: integer('rpm'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: text('status', { enum: ['active', 'revoked'] }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('access_keys_hash_idx').on(t.keyHash), uniqueIndex('access_keys_user_idx').on(t.userId), index('access_keys_prefix_idx').on(t.prefix)],
);

export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    accessKeyId: text('access_key_id').references(() => accessKeys.id, { onDelete: 'cascade' }),
    /** hold (before the upstream call), charge (it served), refund (it failed before any text), topup (a paid order), credit (an operator), redeem (a redemption code), reversal (a refunded order's quota taken back). */
    kind: text('kind', { enum: ['hold', 'charge', 'refund', 'topup', 'credit', 'redeem', 'reversal'] }).notNull(),
    /** Quota for a key or a visitor, token credits for an account. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    model: text('model'),
    conversationId: text('conversation_id'),
    /** The user message of the exchange. */
    messageId: text('message_id'),
    /** The hold a charge or refund settles. */
    holdId: text('hold_id'),
    orderId: text('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('usage_ledger_user_idx').on(t.userId, t.createdAt), index('usage_ledger_key_idx').on(t.accessKeyId, t.createdAt)],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    payId: text('pay_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    accessKeyId: text('access_key_id').references(() => accessKeys.id, { onDelete: 'set null' }),
    type: integer('type').notNull(),
    price: integer('price').notNull(),
    quota: bigint('quota', { mode: 'number' }).notNull(),
    /**
     * pending: created, not paid yet; paid: the gateway confirmed the payment but nothing could be
     * credited (the key is gone; `failure` says why); credited: paid and the quota added;
     * failed: the gateway answered the trade failed; refunded: the operator took the quota back.
     */
    status: text('status', { enum: ORDER_STATES }).notNull().default('pending'),
    tradeNo: text('trade_no'),
    /** Where the gateway sends the payer back after paying. */
    returnUrl: text('return_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Why a paid order was not credited, or why it failed. */
    failure: text('failure'),
    /** The quota a refund took back (never more than the key had left). */
    refundedQuota: bigint('refunded_quota', { mode: 'number' }),
    refundReason: text('refund_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** What the order buys: a new key, quota (and time) for a key, or token credits for an account. */
    purpose: text('purpose', { enum: ['new_key', 'key_topup', 'credits'] }).notNull().default('key_topup'),
    /** How many days the pack's quota lasts (a new key's lifetime, a key's renewal); null: no time limit. */
    days: integer('days'),
    /** The key a paid `new_key` order created (once: the unique index). */
    createdKeyId: text('created_key_id').references(() => accessKeys.id, { onDelete: 'set null' }),
    /** A `new_key` order's key, drawn at order time: its hash and prefix become the key row when paid. */
    newKeyHash: text('new_key_hash'),
    newKeyPrefix: text('new_key_prefix'),
    /** The new key sealed with the buying browser's secret (AES-GCM); wiped once its 24 h showing ends. */
    sealedKey: text('sealed_key'),
    /** SHA-256 of the secret in the buying browser's httpOnly cookie: only that browser sees the order page. */
    browserSecretHash: text('browser_secret_hash'),
  },
  // payId is the client's idempotency id, unique per key; the gateway's trade_no is credited once.
  (t) => [
    uniqueIndex('orders_key_pay_id_idx').on(t.accessKeyId, t.payId),
    uniqueIndex('orders_trade_no_idx').on(t.tradeNo),
    uniqueIndex('orders_created_key_idx').on(t.createdKeyId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
  ],
);

/**
 * One-time redemption codes (兑换码), made in batches by the operator: worth `quota` added to the
 * redeemer's key (`topup`), or a new key with `quota` (`new-key`). Stored as their SHA-256 only;
 * `status` moves from unused to redeemed (or disabled) once, by a conditional update.
 */
export const redemptionCodes = pgTable(
  'redemption_codes',
  {
    id: id(),
    batchId: text('batch_id').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The part kept in clear to tell codes apart in the list. */
    prefix: text('prefix').notNull(),
    kind: text('kind', { enum: ['topup', 'new-key'] }).notNull(),
    quota: bigint('quota', { mode: 'number' }).notNull(),
    /** Lifetime of the key a `new-key` code makes; null: it never expires. */
    keyDays: integer('key_days'),
    note: text('note'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: text('status', { enum: ['unused', 'redeemed', 'disabled'] }).notNull().default('unused'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** The key the code topped up or made. */
    redeemedKeyId: text('redeemed_key_id').references(() => accessKeys.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('redemption_codes_hash_idx').on(t.codeHash), index('redemption_codes_created_idx').on(t.createdAt), index('redemption_codes_batch_idx').on(t.batchId)],
);

/** The operator's business settings (models, prices, packs, announcement), one JSON value per name; the environment gives the defaults. */
export const businessSettings = pgTable('business_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Calls counted per subject (a key, a visitor IP) per model per calendar day in TZ: daily caps and the free allowance. */
export const dailyCalls = pgTable(
  'daily_calls',
  {
    subject: text('subject').notNull(),
    model: text('model').notNull(),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.model, t.day] })],
);

/**
 * What the operator or Parley decided about a channel of CHANNELS_FILE or the `*_API_KEY`
 * variables (the channels themselves, keys included, live in the configuration, never here):
 * disabled by `channel:disable`, auto-disabled after its key was refused (with the reason), or
 * cooling down after a 429's `retry-after`. No row: enabled. Shared by every instance.
 */
export const channelStates = pgTable('channel_states', {
  name: text('name').primaryKey(),
  state: text('state', { enum: ['enabled', 'disabled', 'auto-disabled'] }).notNull().default('enabled'),
  reason: text('reason'),
  cooldownUntil: timestamp('cooldown_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
/** Personal API tokens an account makes in its settings: shown once, stored as their SHA-256. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: userRef(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The part shown in the list (`sk-at-Ab3d`). */
    prefix: text('prefix').notNull(),
    /** The model ids it may use; null: every model its account may use. */
    models: jsonb('models').$type<string[]>(),
    /** Requests per minute; null: no limit of its own. */
    rpm: integer('rpm'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One row per model call, from the web chat or the API (issue 26): for reading (the caller's own
 * records, billing answers); the ledger stays the truth for money. Written in batches, kept
 * USAGE_RETENTION_DAYS.
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: id(),
    createdAt: createdAt(),
    /** The paying owner row: a key's own user, or the account. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    accessKeyId: text('access_key_id').references(() => accessKeys.id, { onDelete: 'cascade' }),
    apiTokenId: text('api_token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
    /** web, openai-chat, anthropic-messages, gemini, openai-responses, images, embeddings. */
    dialect: text('dialect').notNull(),
    model: text('model').notNull(),
    upstreamModel: text('upstream_model'),
    channel: text('channel'),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cachedTokens: integer('cached_tokens').notNull().default(0),
    reasoningTokens: integer('reasoning_tokens').notNull().default(0),
    /** What the call cost its payer, in `unit`. */
    charged: bigint('charged', { mode: 'number' }).notNull().default(0),
    unit: text('unit', { enum: ['quota', 'credits', 'free'] }).notNull(),
    ttftMs: integer('ttft_ms'),
    totalMs: integer('total_ms').notNull(),
    status: text('status', { enum: ['ok', 'error', 'cancelled'] }).notNull(),
    errorCode: text('error_code'),
    clientIp: text('client_ip'),
  },
  (t) => [
    index('usage_records_user_idx').on(t.userId, t.createdAt.desc()),
    index('usage_records_key_idx').on(t.accessKeyId, t.createdAt.desc()),
    index('usage_records_created_idx').on(t.createdAt),
  ],
);

/**
 * Every operator console action: who (an admin account, kept by address if it is deleted later,
 * or the ADMIN_PASSWORD operator), what, on what, the state before and after, and from where.
 * Written in the transaction of the change it records.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    createdAt: createdAt(),
    actorKind: text('actor_kind', { enum: ['account', 'operator'] }).notNull(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc()), index('audit_log_action_idx').on(t.action, t.createdAt.desc())],
);
