import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

/** The no-sleeps messages ESLint gives `code` saved as `filePath`. */
async function sleepsFound(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the lint rule against sleeps in tests', () => {
  it('refuses a promised setTimeout, page.waitForTimeout and timers/promises in tests and their helpers', async () => {
    const sleep = 'export async function f() {\n  await new Promise((resolve) => setTimeout(resolve, 50));\n}\n';
    expect(await sleepsFound(sleep, 'server/src/streams/x.test.ts')).toEqual([expect.stringMatching(/^No sleeps in tests/)]);
    expect(await sleepsFound(sleep, 'server/src/test-support/stream-registry-suite.ts')).toHaveLength(1);
    expect(await sleepsFound(sleep, 'web/src/api/x.dom.test.tsx')).toHaveLength(1);
    const page = "import type { Page } from '@playwright/test';\nexport const f = (page: Page) => page.waitForTimeout(200);\n";
    expect(await sleepsFound(page, 'e2e/x.spec.ts')).toEqual([expect.stringMatching(/^No page.waitForTimeout/)]);
    const timers = "import { setTimeout as sleep } from 'node:timers/promises';\nexport const f = () => sleep(5);\n";
    expect(await sleepsFound(timers, 'testkit/src/x.test.ts')).toEqual([expect.stringMatching(/^No timers\/promises/)]);
  });

  it('leaves timers in the app, timeouts that bound a wait, and the one polling helper alone', async () => {
    const sleep = 'export async function f() {\n  await new Promise((resolve) => setTimeout(resolve, 50));\n}\n';
    expect(await sleepsFound(sleep, 'web/src/features/x.ts')).toEqual([]);
    expect(await sleepsFound(sleep, 'testkit/src/wait-until.ts')).toEqual([]);
    const bound = 'export function f(c: AbortController) {\n  return setTimeout(() => c.abort(), 100);\n}\n';
    expect(await sleepsFound(bound, 'server/src/x.test.ts')).toEqual([]);
  });
});
