import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { accessToken, ask, renameConversation, seedConversation } from './support/seed-chat.ts';

interface ExportedMessage {
  messageId: string;
  text: string;
  children?: ExportedMessage[];
}

const typeLabels = { png: 'Screenshot (.png)', txt: 'Text (.txt)', md: 'Markdown (.md)', json: 'JSON (.json)', csv: 'CSV (.csv)' } as const;

async function openExport(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('export-open').click();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
}

async function chooseType(page: Page, type: keyof typeof typeLabels) {
  await page.getByTestId('export-type').click();
  await page.getByRole('option', { name: typeLabels[type] }).click();
  await expect(page.getByTestId('export-type')).toHaveText(typeLabels[type]);
}

/** Clicks Export and answers the downloaded file's name and bytes. */
async function download(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-submit').click()]);
  await expect(page.getByTestId('export-dialog')).toHaveCount(0);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test('a conversation exports as png, txt, md, json (nested and flat) and csv, with each type’s options', async ({ page, signUp }) => {
  test.setTimeout(90_000);
  await signUp('export');
  const token = await accessToken(page.request);
  // u1 → a1 → u2 → a2, then u2 asked again: a2b is a second version beside a2, and the one shown.
  const [first, second] = await seedConversation(page.request, token, ['First question about export', 'Second question, with "quotes" 和中文']);
  const regenerated = await ask(page.request, token, {
    text: 'Second question, with "quotes" 和中文',
    conversationId: first!.conversationId,
    parentMessageId: first!.replyId,
    overrideParentMessageId: second!.requestId,
    isRegenerate: true,
  });
  await renameConversation(page.request, token, first!.conversationId, 'Export: plans/notes?');

  await page.goto('/chat/new');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('export-open')).toHaveAttribute('data-disabled', '');
  await page.keyboard.press('Escape');

  await page.goto(`/chat/${first!.conversationId}`);
  await expect(page.getByTestId('message')).toHaveCount(4);
  await openExport(page);

  await test.step('defaults: a screenshot named after the conversation, without options or branches', async () => {
    await expect(page.getByTestId('export-type')).toHaveText(typeLabels.png);
    await expect(page.getByTestId('export-filename')).toHaveValue('Export: plans/notes?');
    await expect(page.getByTestId('export-include-options')).toBeDisabled();
    await expect(page.getByTestId('export-include-options')).not.toBeChecked();
    await expect(page.getByTestId('export-branches')).toBeDisabled();
    await expect(page.getByTestId('export-branches')).not.toBeChecked();
    await expect(page.getByTestId('export-recursive')).toBeDisabled();
  });

  await test.step('png: a real PNG picture of the thread, under a sanitised name', async () => {
    const file = await download(page);
    expect(file.name).toBe('Export plansnotes.png');
    expect(file.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(file.bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(file.bytes.readUInt32BE(16)).toBeGreaterThanOrEqual(800);
    expect(file.bytes.readUInt32BE(20)).toBeGreaterThan(300);
    expect(file.bytes.length).toBeGreaterThan(10_000);
  });

  await test.step('txt: the shown branch in order, with the endpoint options', async () => {
    await openExport(page);
    await chooseType(page, 'txt');
    await expect(page.getByTestId('export-include-options')).toBeChecked();
    await expect(page.getByTestId('export-branches')).toBeDisabled();
    await expect(page.getByTestId('export-branches')).not.toBeChecked();
    const file = await download(page);
    expect(file.name).toBe('Export plansnotes.txt');
    const text = file.bytes.toString('utf8');
    expect(text).toContain('title: Export: plans/notes?');
    expect(text).toContain('model: gpt-3.5-turbo');
    expect(text).toContain('>> User:\nFirst question about export\n\n>> ChatGPT:\nEcho: First question about export');
    expect(text).toContain('>> ChatGPT:\nEcho: Second question, with "quotes" 和中文');
    expect(text.match(/^>> /gm)).toHaveLength(4);
  });

  await test.step('md: headings and bold senders; the options can be left out', async () => {
    await openExport(page);
    await chooseType(page, 'md');
    await page.getByTestId('export-include-options').uncheck();
    await page.getByTestId('export-filename').fill('notes');
    const file = await download(page);
    expect(file.name).toBe('notes.md');
    const md = file.bytes.toString('utf8');
    expect(md).toContain('# Conversation');
    expect(md).not.toContain('## Options');
    expect(md).toContain('**User:**\nFirst question about export');
    expect(md).toContain('**ChatGPT:**\nEcho: Second question, with "quotes" 和中文');
  });

  await test.step('json: every branch, nested in children by default', async () => {
    await openExport(page);
    await chooseType(page, 'json');
    await expect(page.getByTestId('export-branches')).toBeChecked();
    await expect(page.getByTestId('export-recursive')).toBeChecked();
    const doc = JSON.parse((await download(page)).bytes.toString('utf8')) as { recursive: boolean; options: Record<string, unknown>; messages: ExportedMessage[] };
    expect(doc.recursive).toBe(true);
    expect(doc.options.model).toBe('gpt-3.5-turbo');
    expect(doc.messages.map((m) => m.messageId)).toEqual([first!.requestId]);
    const secondQuestion = doc.messages[0]!.children![0]!.children![0]!;
    expect(secondQuestion.messageId).toBe(second!.requestId);
    expect(secondQuestion.children!.map((m) => m.messageId).sort()).toEqual([second!.replyId, regenerated.replyId].sort());
  });

  await test.step('json: flat when not recursive', async () => {
    await openExport(page);
    await chooseType(page, 'json');
    await page.getByTestId('export-recursive').uncheck();
    const doc = JSON.parse((await download(page)).bytes.toString('utf8')) as { recursive: boolean; messages: ExportedMessage[] };
    expect(doc.recursive).toBe(false);
    expect(doc.messages).toHaveLength(5);
    expect(doc.messages.every((m) => m.children === undefined)).toBe(true);
  });

  await test.step('csv: a header and one row per message of every branch, quoted where needed', async () => {
    await openExport(page);
    await chooseType(page, 'csv');
    await expect(page.getByTestId('export-include-options')).toBeDisabled();
    await expect(page.getByTestId('export-branches')).toBeChecked();
    const file = await download(page);
    expect(file.name).toBe('Export plansnotes.csv');
    const rows = file.bytes.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(rows[0]).toBe('sender,text,isCreatedByUser,error,unfinished,cancelled,messageId,parentMessageId,createdAt');
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.startsWith('User,"Second question, with ""quotes"" 和中文",true,'))).toHaveLength(1);
    expect(rows.filter((row) => row.startsWith('ChatGPT,"Echo: Second question'))).toHaveLength(2);
  });
});

test('the sidebar exports a conversation that is not open', async ({ page, signUp }) => {
  await signUp('export-sidebar');
  const token = await accessToken(page.request);
  const [turn] = await seedConversation(page.request, token, ['Exported from the list']);
  await renameConversation(page.request, token, turn!.conversationId, 'Listed chat');
  await page.goto('/chat/new');

  const item = page.locator(`[data-testid="convo-item"][data-conversation-id="${turn!.conversationId}"]`);
  await item.hover();
  await item.getByTestId('convo-menu').click();
  await page.getByTestId('convo-export').click();
  await expect(page.getByTestId('export-filename')).toHaveValue('Listed chat');
  await chooseType(page, 'txt');
  const file = await download(page);
  expect(file.name).toBe('Listed chat.txt');
  expect(file.bytes.toString('utf8')).toContain('>> User:\nExported from the list\n\n>> ChatGPT:\nEcho: Exported from the list');
  await expect(page).toHaveURL(/\/chat\/new$/);
});
