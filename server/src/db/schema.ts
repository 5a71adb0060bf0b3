import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
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
    /** Access tokens carry the version they were signed at; logout, reset, ban bump it and end them all. */
    sessionVersion: integer('session_version').notNull().default(0),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The id completes the list's sort key, so a page is read straight off the index instead of sorting all the user's rows.
  (t) => [index('conversations_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
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
    endpoint: text('endpoint'),
    error: boolean('error').notNull().default(false),
    unfinished: boolean('unfinished').notNull().default(false),
    cancelled: boolean('cancelled').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    finishReason: text('finish_reason'),
    tokenCount: integer('token_count'),
    files: jsonb('files').$type<unknown[]>(),
    plugins: jsonb('plugins').$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
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
    conversationId: text('conversation_id'),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_user_idx').on(t.userId)],
);

export const accessKeys = pgTable(
  'access_keys',
  {
    id: id(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    label: text('label'),
    quota: bigint('quota', { mode: 'number' }).notNull().default(0),
    used: bigint('used', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: text('status', { enum: ['active', 'disabled', 'banned'] }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('access_keys_hash_idx').on(t.keyHash)],
);

export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    accessKeyId: text('access_key_id').references(() => accessKeys.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['charge', 'refund', 'topup'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    model: text('model'),
    messageId: text('message_id'),
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
    status: text('status', { enum: ['pending', 'paid'] }).notNull().default('pending'),
    tradeNo: text('trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('orders_pay_id_idx').on(t.payId)],
);
