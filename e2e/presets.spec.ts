import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { stackControl } from './support/control.ts';
import { expect, test } from './support/fixtures.ts';

// The preset journey talks to the Grok fake and queues nothing (it echoes), so other specs'
// scripted replies stay theirs.
interface Recorded {
  body?: unknown;
}

const presetRow = (page: Page, title: string) => page.locator('li', { has: page.locator(`[data-testid="preset-item"][data-preset-title="${title}"]`) });

async function openMenu(page: Page) {
  await page.getByTestId('new-convo-menu').click();
  await expect(page.getByTestId('new-convo-menu-content')).toBeVisible();
}

test('presets: save from the settings and the header, edit, export, import, apply, delete and clear all', async ({ page, signUp }) => {
  test.setTimeout(60_000);
  await signUp('presets');
  await page.goto('/chat/new');
  await openMenu(page);
  await page.locator('[data-testid="new-convo-endpoint"][data-endpoint="grok"]').click();

  await test.step('save as preset from the settings popover, named in the dialog (default "My Preset")', async () => {
    await page.getByTestId('options-settings-toggle').click();
    await page.getByTestId('param-promptPrefix').fill('Answer as a poet.');
    await page.getByTestId('save-as-preset').click();
    await expect(page.getByTestId('preset-name-input')).toHaveValue('My Preset');
    await page.getByTestId('preset-name-input').fill('Poet');
    await page.getByTestId('preset-save').click();
    await expect(page.getByTestId('save-preset-dialog')).toBeHidden();
    await page.getByTestId('settings-close').click();
  });

  await test.step('a click on the chat header saves the setup too', async () => {
    await page.getByTestId('endpoint-name').click();
    await expect(page.getByTestId('preset-name-input')).toHaveValue('My Preset');
    await page.getByTestId('preset-name-input').press('Enter');
    await expect(page.getByTestId('save-preset-dialog')).toBeHidden();
    await openMenu(page);
    await expect(page.getByTestId('preset-item')).toHaveCount(2);
  });

  let exported = '';
  await test.step('the editor renames and changes a preset, and exports it as JSON', async () => {
    await presetRow(page, 'Poet').getByTestId('preset-edit').click();
    const editor = page.getByTestId('preset-editor');
    await expect(editor.getByTestId('preset-name-input')).toHaveValue('Poet');
    await expect(editor.getByTestId('param-promptPrefix')).toHaveValue('Answer as a poet.');
    await editor.getByTestId('preset-name-input').fill('Poet v2');
    await editor.getByTestId('param-promptPrefix').fill('Answer in rhymes.');
    const download = page.waitForEvent('download');
    await editor.getByTestId('preset-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Poet v2.json');
    exported = await readFile((await file.path())!, 'utf8');
    const json = JSON.parse(exported) as Record<string, unknown>;
    expect(json).toMatchObject({ title: 'Poet v2', endpoint: 'grok', model: 'grok-3', promptPrefix: 'Answer in rhymes.' });
    expect(json).not.toHaveProperty('createdAt');
    await editor.getByTestId('preset-save').click();
    await expect(editor).toBeHidden();
    await openMenu(page);
    await expect(presetRow(page, 'Poet v2')).toHaveCount(1);
    await expect(presetRow(page, 'Poet')).toHaveCount(0);
  });

  await test.step('import: a file that is not JSON shows "invalid"; an exported preset comes back under a new id', async () => {
    const input = page.getByTestId('preset-import-input');
    await input.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"title": "half') });
    await expect(page.getByTestId('preset-import-error')).toContainText('invalid');
    await input.setInputFiles({ name: 'Poet v2.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
    await expect(presetRow(page, 'Poet v2')).toHaveCount(2);
    await expect(page.getByTestId('preset-import-error')).toHaveCount(0);
  });

  await test.step('a chat started from a preset applies all its fields', async () => {
    await page.getByTestId('preset-item').filter({ hasText: 'Poet v2' }).first().click();
    await expect(page.getByTestId('new-convo-menu-content')).toBeHidden();
    await expect(page.getByTestId('model-picker')).toHaveText(/grok-3/);
    const probe = `preset probe ${Math.random().toString(36).slice(2, 10)}`;
    await page.getByTestId('chat-input').fill(probe);
    await page.getByTestId('chat-input').press('Enter');
    await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(probe, { timeout: 15_000 });
    const sent = (await stackControl.requests<Recorded>('grok')).find((r) => JSON.stringify(r.body ?? '').includes(probe));
    expect(JSON.stringify(sent?.body)).toContain('Answer in rhymes.');
  });

  await test.step('delete removes one preset; clear all asks first, warning that it cannot be undone', async () => {
    await openMenu(page);
    await presetRow(page, 'Poet v2').first().getByTestId('preset-delete').click();
    await expect(presetRow(page, 'Poet v2')).toHaveCount(1);
    await page.getByTestId('presets-clear-all').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('irreversible');
    await page.getByTestId('confirm-action').click();
    await expect(page.getByTestId('confirm-dialog')).toBeHidden();
    await openMenu(page);
    await expect(page.getByTestId('preset-item')).toHaveCount(0);
    await expect(page.getByTestId('presets-clear-all')).toBeDisabled();
  });
});
