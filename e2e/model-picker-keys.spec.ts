import { keysModeEnv } from './support/access-journey.ts';
import { expect, test } from './support/fixtures.ts';
import { chooseLook } from './support/look.ts';
import { pickerScreenshot } from './support/model-picker-shots.ts';
import { ownStack } from './support/own-stack.ts';

// In keys mode every call is paid for: the picker shows each model's cost (issue 29).
test.describe.configure({ mode: 'serial' });
const stack = ownStack(keysModeEnv);

test('in keys mode the picker shows every model its cost per call, each model once', async ({ page }) => {
  await page.goto(`${stack.url}/chat/new`);
  await page.getByTestId('welcome-continue-free').click();
  await page.getByTestId('model-picker').click();
  const options = page.getByTestId('model-option');
  await expect(options.first()).toBeVisible();
  const rows = await options.evaluateAll((items) =>
    items.map((i) => ({ id: `${i.getAttribute('data-endpoint')}:${i.getAttribute('data-model')}`, cost: i.querySelector('[data-testid="model-cost"]')?.textContent ?? null })),
  );
  expect(rows.filter((row) => row.cost === null)).toEqual([]);
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  // The spec's table: gpt-4o-mini 1, gpt-4o 10; an id without a cost of its own pays QUOTA_DEFAULT_COST.
  expect(rows).toEqual(expect.arrayContaining([{ id: 'openAI:gpt-4o-mini', cost: '1 quota' }, { id: 'openAI:gpt-4o', cost: '10 quota' }]));
  await page.keyboard.press('Escape');
  await pickerScreenshot(page, 'keys-desktop-light-en');
  await chooseLook(page, 'dark', 'zh');
  await page.reload();
  await expect(page.getByTestId('model-picker')).toBeVisible();
  await pickerScreenshot(page, 'keys-desktop-dark-zh');
});
