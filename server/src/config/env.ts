import { z } from 'zod';
import { accessModes } from '@parley/core';
import { trustProxySchema } from './trust-proxy.ts';
import { accessEnvVars } from './access-env.ts';
import { hashOperatorPassword } from './operator-password.ts';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalUrl = z.url().optional().or(z.literal('').transform(() => undefined));
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const endpointEnvPrefixes = {
  openAI: 'OPENAI',
  azureOpenAI: 'AZURE_OPENAI',
  anthropic: 'ANTHROPIC',
  google: 'GOOGLE',
  deepSeek: 'DEEPSEEK',
  grok: 'GROK',
  bingAI: 'BINGAI',
  chatGPTBrowser: 'CHATGPT_BROWSER',
} as const;

const endpointVars = Object.fromEntries(
  Object.values(endpointEnvPrefixes).flatMap((p) => [
    [`${p}_API_KEY`, optionalString],
    [`${p}_BASE_URL`, optionalUrl],
    [`${p}_MODELS`, optionalString],
  ]),
);

/** Endpoints with a provider API: their ids are catalog aliases an operator may repoint. */
const aliasVars = Object.fromEntries(
  ['OPENAI', 'AZURE_OPENAI', 'ANTHROPIC', 'GOOGLE', 'DEEPSEEK', 'GROK'].map((p) => [`${p}_MODEL_ALIASES`, optionalString]),
);

/** Providers that list their models (Azure serves deployments, not a model list). */
const fetchVars = Object.fromEntries(['OPENAI', 'ANTHROPIC', 'GOOGLE', 'DEEPSEEK', 'GROK'].map((p) => [`${p}_FETCH_MODELS`, bool(true)]));

const oauthVars = Object.fromEntries(
  ['GOOGLE', 'GITHUB', 'DISCORD', 'FACEBOOK'].flatMap((p) => [
    [`${p}_CLIENT_ID`, optionalString],
    [`${p}_CLIENT_SECRET`, optionalString],
    // Endpoint overrides exist so tests can point a provider at the fake authorization server.
    [`${p}_AUTHORIZATION_URL`, optionalUrl],
    [`${p}_TOKEN_URL`, optionalUrl],
    [`${p}_USERINFO_URL`, optionalUrl],
  ]),
);

const baseSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  APP_TITLE: z.string().min(1).default('Parley'),
  ALLOW_REGISTRATION: bool(true),
  ALLOW_SOCIAL_LOGIN: bool(false),
  ACCESS_MODE: z.enum(accessModes).default('accounts'),
  SMTP_URL: optionalUrl,
  // Opt-in: without mail, anyone could take over any account through the link shown in the page.
  ALLOW_PASSWORD_RESET_LINK: bool(false),
  EMAIL_FROM: z.string().default('Parley <no-reply@parley.local>'),
  CHECK_BALANCE: bool(false),
  SEARCH: bool(true),
  // gptPlugins runs on the Azure OpenAI account (its key, deployments and models) instead of OpenAI's.
  PLUGINS_USE_AZURE: bool(false),
  // The API OpenAI reasoning models are called through: `responses` (api.openai.com's default) or `chat` (any other base URL's).
  OPENAI_API: z.enum(['responses', 'chat', '']).optional().transform((v) => (v === '' ? undefined : v)),
  // The protocol the bingAI endpoint speaks: Microsoft Copilot's (today's) or Bing Chat's Sydney (self-run hosts only since 2025).
  BINGAI_PROTOCOL: z.enum(['copilot', 'sydney', '']).optional().transform((v) => (v === '' || v === undefined ? 'copilot' : v)),
  // The Vertex AI location of Google service-account keys; it becomes part of the host name.
  GOOGLE_VERTEX_LOCATION: z.string().regex(/^[a-z0-9-]+$/, 'a Vertex AI location such as global or us-central1').default('global'),
  // One Azure deployment per model (`model=deployment,...`), merged into the server's Azure key.
  AZURE_OPENAI_DEPLOYMENTS: optionalString,
  // The API version of Azure image deployments, when it differs from the chat one in the key.
  AZURE_OPENAI_IMAGES_API_VERSION: optionalString,
  // chatGPTBrowser: silence from the reverse proxy for this long fails the call (a thinking model may say nothing for minutes).
  CHATGPT_BROWSER_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
  JWT_SECRET: optionalString,
  JWT_REFRESH_SECRET: optionalString,
  CREDS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: trustProxySchema,
  OUTBOUND_HOST_ALLOWLIST: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((host) => host.trim()).filter(Boolean)),
  OUTBOUND_UNSAFE_ALLOW_ALL: bool(false),
  // Accounts with these addresses are admins (promoted at start and when they register).
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean)),
  // The operator console's password (mostly for ACCESS_MODE=keys, where there are no accounts): hashed as it is read.
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? hashOperatorPassword(v) : undefined)),
  LOGIN_MAX: z.coerce.number().int().positive().default(7),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(5),
  LOGIN_ACCOUNT_MAX: z.coerce.number().int().positive().default(10),
  REGISTER_MAX: z.coerce.number().int().positive().default(5),
  REGISTER_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  CONCURRENT_MESSAGE_MAX: z.coerce.number().int().positive().default(2),
  MESSAGE_IP_MAX: z.coerce.number().int().positive().default(40),
  MESSAGE_IP_WINDOW_MINUTES: z.coerce.number().positive().default(1),
  MESSAGE_USER_MAX: z.coerce.number().int().positive().default(40),
  MESSAGE_USER_WINDOW_MINUTES: z.coerce.number().positive().default(1),
  LOOKUP_MAX: z.coerce.number().int().positive().default(240),
  UPLOAD_IP_MAX: z.coerce.number().int().positive().default(30),
  UPLOAD_USER_MAX: z.coerce.number().int().positive().default(30),
  BAN_VIOLATIONS: bool(true),
  BAN_DURATION: z.coerce.number().int().positive().default(2 * 60 * 60_000),
  BAN_INTERVAL: z.coerce.number().int().positive().default(20),
  STREAM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  STREAM_REPLAY_MAX_BYTES: z.coerce.number().int().positive().default(16 * 1024 * 1024),
  OPENID_ISSUER: optionalUrl,
  OPENID_CLIENT_ID: optionalString,
  OPENID_CLIENT_SECRET: optionalString,
  OPENID_SCOPE: z.string().default('openid profile email'),
  OPENID_BUTTON_LABEL: z.string().default('Continue with OpenID'),
  OPENID_IMAGE_URL: z.string().default(''),
  EPAY_URL: optionalUrl,
  EPAY_PID: optionalString,
  EPAY_KEY: optionalString,
  // A method's own gateway, when WeChat Pay and Alipay go through different epay merchants.
  EPAY_WXPAY_URL: optionalUrl,
  EPAY_WXPAY_PID: optionalString,
  EPAY_WXPAY_KEY: optionalString,
  EPAY_ALIPAY_URL: optionalUrl,
  EPAY_ALIPAY_PID: optionalString,
  EPAY_ALIPAY_KEY: optionalString,
  BUY_KEY_URL: z.string().default(''),
  LOOKUP_KEY_URL: z.string().default(''),
  ...accessEnvVars,
  FILES_ORPHAN_GRACE_HOURS: z.coerce.number().positive().default(24),
  USER_STORAGE_MB: z.coerce.number().int().positive().default(500),
  WORKER_PROCESSES: z.coerce.number().int().positive().default(2),
  WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(256),
  WORKER_QUEUE_MAX: z.coerce.number().int().min(0).default(16),
  WORKER_USER_MAX: z.coerce.number().int().positive().default(4),
  PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  IMPORT_MAX_MB: z.coerce.number().int().positive().max(1024).default(25),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool(true),
  // Upstream accounts beyond the `*_API_KEY` ones (YAML or JSON), and how a failing one is passed over.
  CHANNELS_FILE: optionalString,
  CHANNEL_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  CHANNEL_FIRST_BYTE_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  CHANNEL_RETEST_MINUTES: z.coerce.number().positive().default(10),
  // Plugins (gptPlugins): a value here makes the plugin ready for every user; unset, each user enters their own.
  MCP_SERVERS_FILE: optionalString,
  MCP_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  AGENT_MAX_MS: z.coerce.number().int().min(100).default(180_000),
  GOOGLE_CSE_ID: optionalString,
  GOOGLE_SEARCH_API_KEY: optionalString,
  SERPAPI_API_KEY: optionalString,
  WOLFRAM_APP_ID: optionalString,
  DALLE_API_KEY: optionalString,
  SD_WEBUI_URL: optionalUrl,
  AZURE_AI_SEARCH_SERVICE_ENDPOINT: optionalUrl,
  AZURE_AI_SEARCH_INDEX_NAME: optionalString,
  AZURE_AI_SEARCH_API_KEY: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
});

/** Reset links point at PUBLIC_URL only: the Host header is the asker's to choose. */
export const envSchema = baseSchema.extend({ ...endpointVars, ...aliasVars, ...fetchVars, ...oauthVars }).superRefine((env, ctx) => {
  const needs = env.SMTP_URL ? 'SMTP_URL is set' : env.ALLOW_PASSWORD_RESET_LINK ? 'ALLOW_PASSWORD_RESET_LINK is true' : undefined;
  if (needs && !env.PUBLIC_URL) {
    ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: `required when ${needs}: password reset links are built from it` });
  }
  // chatGPTBrowser has no public address to fall back on: ChatGPT answers servers only through the operator's reverse proxy.
  if (env.CHATGPT_BROWSER_API_KEY && !env.CHATGPT_BROWSER_BASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['CHATGPT_BROWSER_BASE_URL'], message: 'required when CHATGPT_BROWSER_API_KEY is set: the base URL of the reverse proxy (Parley appends /backend-api/conversation)' });
  }
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (env.S3_BUCKET && !env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when S3_BUCKET is set' });
  }
});

type DynamicVar =
  | `${string}_API_KEY`
  | `${string}_BASE_URL`
  | `${string}_MODELS`
  | `${string}_MODEL_ALIASES`
  | `${string}_CLIENT_ID`
  | `${string}_CLIENT_SECRET`
  | `${string}_AUTHORIZATION_URL`
  | `${string}_TOKEN_URL`
  | `${string}_USERINFO_URL`;

export type Env = z.infer<typeof baseSchema> & { readonly [K in DynamicVar]?: string } & {
  /** `X_FETCH_MODELS`, parsed to a boolean (true unless set to false). */
  readonly [K in `${string}_FETCH_MODELS`]?: boolean;
};

export class EnvError extends Error {}

/** Parses the configuration once; a bad value throws an error naming each offending variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data as Env;
}
