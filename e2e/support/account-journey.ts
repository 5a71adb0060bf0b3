import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Opens Settings on one of its tabs from the account menu (the phone's drawer first). */
export async function openSettingsTab(page: Page, tab: string, phone = false) {
  if (phone) await page.getByTestId('nav-toggle').click();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  await page.getByTestId(`settings-tab-${tab}`).click();
  await expect(page.getByTestId(`settings-tab-${tab}`)).toHaveAttribute('data-state', 'active');
}

/** Opens a conversation row's ⋯ menu in the sidebar (the phone's drawer first) and picks one of its items. */
export async function pickFromConversationMenu(page: Page, title: string, item: string, phone = false) {
  // A dialog opened from the drawer leaves it open behind it.
  if (phone && !(await page.getByTestId('nav').isVisible())) await page.getByTestId('nav-toggle').click();
  const row = page.getByTestId('convo-item').filter({ has: page.getByRole('link', { name: title }) });
  // A touch screen shows every row's ⋯ button; a mouse shows it on hover.
  if (!phone) await row.hover();
  await row.getByTestId('convo-menu').click();
  await page.getByTestId(item).click();
}

/** A ChatGPT data export's conversations.json: one conversation answered twice (two branches) and a picture part. */
export function chatgptExport(title: string) {
  const message = (id: string, role: string, parts: unknown[], type = 'text') => ({ id, author: { role }, content: { content_type: type, parts }, create_time: 1_700_000_000 + id.length, metadata: { model_slug: 'gpt-4o' }, recipient: 'all' });
  return JSON.stringify([
    {
      title,
      create_time: 1_700_000_000,
      mapping: {
        root: { id: 'root', parent: null, children: ['q'], message: null },
        q: { id: 'q', parent: 'root', children: ['a1', 'a2'], message: message('q', 'user', ['Which museum first?', { content_type: 'image_asset_pointer' }], 'multimodal_text') },
        a1: { id: 'a1', parent: 'q', children: [], message: message('a1', 'assistant', ['The Louvre, early.']) },
        a2: { id: 'a2', parent: 'q', children: [], message: message('a2', 'assistant', ['Musée d’Orsay, then the Louvre.']) },
      },
    },
  ]);
}
