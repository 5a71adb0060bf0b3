import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages, SOURCE_LANGUAGE } from './languages.ts';
import { lazyNamespaces, localesDir, readLocale } from './locale-files.ts';

const here = localesDir;
const webSrc = path.resolve(here, '..');
const coreSchemas = path.resolve(here, '../../../packages/core/src/auth/schemas.ts');
const coreErrorMessages = path.resolve(here, '../../../packages/core/src/errors/messages.ts');
const builtinPlugins = path.resolve(here, '../../../server/src/services/plugins/builtin-plugins.ts');

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const source = readLocale(SOURCE_LANGUAGE);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Product names, file formats, parameter ids and key shapes: the same text in every language. */
const sameInEveryLanguage = [
  'auth.social.openid_default', 'export.types.markdown', 'export.types.json', 'export.types.csv',
  'params.top_p', 'params.topP', 'params.topK', 'access.key.placeholder', 'quota.price',
  'quota.method.wechat', 'quota.method.alipay', 'import.format.chatgpt', 'import.format.librechat', 'admin-orders:methods.wxpay', 'admin-orders:methods.alipay', 'admin-keys:rpm',
];

/** Words a language spells as English does (German “Optional”, French “Message”): checked by hand, kept short. */
const sharedWords: Partial<Record<string, string[]>> = {
  'de-DE': ['app.default_title', 'app.footer', 'auth.fields.optional', 'keys.optional', 'settings.theme.system', 'export.types.screenshot', 'export.types.text', 'params.agent', 'plugins.selector', 'settings.account.name', 'admin:overview.tokens', 'admin:overview.tokens_note', 'admin-codes:section', 'admin-codes:columns.code', 'admin-models:names.name', 'my_usage.columns.status'],
  'es-ES': ['app.default_title', 'settings.tabs.general', 'models.label.base', 'params.tokens', 'plugins.selector', 'admin:overview.tokens', 'admin:overview.tokens_note'],
  'fr-FR': ['app.default_title', 'app.footer', 'chat.input.label', 'chat.message.assistant', 'models.label.base', 'export.type', 'params.agent', 'keys.expiry.30m', 'files.image', 'plugins.selector', 'chat.message.sources', 'admin-keys:columns.note', 'admin-keys:states.active', 'admin-codes:section', 'admin-codes:columns.code', 'admin-codes:columns.quota', 'admin-codes:columns.note', 'admin-codes:create.quota', 'admin-usage:units.quota', 'admin-models:packs.quota', 'my_usage.metric.quota'],
  'it-IT': ['app.default_title', 'auth.fields.password', 'settings.tabs.account', 'settings.account.password', 'models.label.base', 'export.types.screenshot', 'plugins.selector', 'admin:users.user', 'admin-codes:columns.quota', 'admin-codes:create.quota', 'admin-usage:units.quota', 'admin-models:packs.quota', 'admin-models:token_prices.input', 'admin-models:token_prices.output', 'my_usage.metric.quota'],
  'ko-KR': ['chat.landing.example_quoted'],
  'pl-PL': ['params.agent', 'presets.model', 'admin-usage:columns.model', 'admin-usage:filters.model', 'my_usage.columns.model'],
  'pt-BR': ['app.default_title', 'models.label.base', 'params.tokens', 'plugins.selector', 'chat.landing.example_quoted', 'admin:overview.tokens_note'],
  'sv-SE': ['app.footer', 'settings.theme.system', 'models.label.smart', 'export.types.text', 'params.agent', 'plugins.selector', 'admin:overview.period', 'admin-orders:columns.order', 'my_usage.span_label', 'my_usage.columns.status'],
};

describe('locale files', () => {
  it('exist for exactly the 13 supported languages, in every namespace', () => {
    for (const dir of [here, ...lazyNamespaces.map((namespace) => path.join(here, namespace))]) {
      const files = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.replace('.json', ''));
      expect(files.sort()).toEqual(languages.map((l) => l.code).sort());
    }
  });

  for (const { code } of languages) {
    describe(code, () => {
      const locale = readLocale(code);

      it('has exactly the keys of en-US', () => {
        expect([...locale.keys()].sort()).toEqual([...source.keys()].sort());
      });

      it('has no empty value', () => {
        expect([...locale].filter(([, value]) => value.trim() === '').map(([key]) => key)).toEqual([]);
      });

      it('translates every string: an English copy must be a name, a format or a word this language shares', () => {
        if (code === SOURCE_LANGUAGE) return;
        const allowed = new Set([...sameInEveryLanguage, ...(sharedWords[code] ?? [])]);
        const copied = [...source].filter(([key, text]) => locale.get(key) === text && !allowed.has(key)).map(([key]) => key);
        expect(copied).toEqual([]);
      });

      it('keeps the {{placeholders}} of en-US', () => {
        const drifted = [...source].filter(([key, text]) => placeholders(locale.get(key) ?? '').join() !== placeholders(text).join());
        expect(drifted.map(([key]) => key)).toEqual([]);
      });
    });
  }

  it('translates every validation key core’s auth schemas can produce', () => {
    const keys = [...readFileSync(coreSchemas, 'utf8').matchAll(/'(validation\.[\w.]+)'/g)].map((m) => m[1]!);
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((key) => !source.has(key))).toEqual([]);
  });

  it('translates every validation key of core’s error messages (a refused NUL character)', () => {
    const keys = [...readFileSync(coreErrorMessages, 'utf8').matchAll(/'(validation\.[\w.]+)'/g)].map((m) => m[1]!);
    expect(keys).toContain('validation.nul');
    expect(keys.filter((key) => !source.has(key))).toEqual([]);
  });

  it('translates every error code of the accounts API', () => {
    const codes = ['invalid_credentials', 'too_many_login_attempts', 'too_many_registrations', 'banned', 'internal',
      'registration_disabled', 'email_taken', 'reset_user_not_found', 'reset_token_invalid', 'unauthorized', 'validation',
      'social_login_failed'];
    expect(codes.filter((code) => !source.has(`errors.${code}`))).toEqual([]);
  });

  it('describes every built-in plugin of the server and each credential it asks for', () => {
    const manifest = readFileSync(builtinPlugins, 'utf8');
    const plugins = [...manifest.matchAll(/pluginKey: '([\w-]+)'/g)].map((m) => `plugins:builtin.${m[1]}.description`);
    const fields = [...manifest.matchAll(/field\('(\w+)'/g)].map((m) => `plugins:fields.${m[1]}.description`);
    expect(plugins.length).toBeGreaterThan(5);
    expect(fields.length).toBeGreaterThan(5);
    expect([...plugins, ...fields].filter((key) => !source.has(key))).toEqual([]);
  });

  it('has every literal key the web code asks for', () => {
    const used = sourceFiles(webSrc).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\b(?:t|labelKey:|hintKey:)\(?\s*'((?:[a-z-]+:)?[a-z_]+(?:\.[\w]+)+)'/g)].map((m) => m[1]!),
    );
    expect(used.length).toBeGreaterThan(30);
    expect([...new Set(used)].filter((key) => !source.has(key))).toEqual([]);
  });
});
