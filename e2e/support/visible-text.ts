import type { Page } from '@playwright/test';

/** One piece of text a reader meets on screen, and where: a text node, an attribute or a tooltip. */
export interface SeenText {
  text: string;
  where: string;
}

/**
 * Everything a reader of the current screen can see or hear: the text of every rendered text
 * node (screen-reader-only ones too), the `placeholder`, `aria-label`, `title` and `alt` of
 * rendered elements, and the label of every tooltip, each opened in turn by focusing its control
 * (a Radix tooltip opens at once on focus).
 */
export async function visibleText(page: Page): Promise<SeenText[]> {
  const seen = await page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const describe = (element: Element) => {
      const id = element.closest('[data-testid]')?.getAttribute('data-testid');
      return `<${element.tagName.toLowerCase()}>${id ? ` in [${id}]` : ''}`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName) || !shown(parent)) continue;
      out.push({ text, where: `text of ${describe(parent)}` });
    }
    for (const element of Array.from(document.body.querySelectorAll('[placeholder], [aria-label], [title], img[alt]'))) {
      if (!shown(element)) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const text = element.getAttribute(name)?.trim();
        if (text) out.push({ text, where: `${name} of ${describe(element)}` });
      }
    }
    return out;
  });
  return [...seen, ...(await tooltipTexts(page))];
}

/** Tooltip triggers: Radix marks them closed, without the popup and expanded state of menus, selects and collapsibles. */
const TOOLTIP_TRIGGER = 'button[data-state="closed"]:not([aria-haspopup]):not([aria-expanded]):not([role="combobox"])';

async function tooltipTexts(page: Page): Promise<SeenText[]> {
  const out: SeenText[] = [];
  // With a dialog or menu open, only its own controls: focus leaving it would close it.
  const layers = page.locator('[role="dialog"]:visible, [role="menu"]:visible');
  const scope = (await layers.count()) > 0 ? layers.last() : page.locator('body');
  // Handles, not nth(): an opened trigger is no longer `closed`, which would shift the indices.
  const triggers = await scope.locator(`${TOOLTIP_TRIGGER}:visible`).elementHandles();
  for (const trigger of triggers) {
    if (!(await trigger.evaluate((element) => element.isConnected))) continue;
    const name = (await trigger.getAttribute('data-testid')) ?? (await trigger.getAttribute('aria-label')) ?? 'a button';
    const own = await trigger.getAttribute('aria-describedby');
    await trigger.focus();
    // An open tooltip adds its id to the trigger's aria-describedby (a tooltip the mouse opened
    // elsewhere is not this one). The label is read in the same pass: a re-render may replace the
    // trigger and close its tooltip at any moment. A closed button whose tooltip does not open
    // within 400 ms has none.
    const label = await page
      .waitForFunction(
        ([element, before]) => {
          const now = (element as Element).getAttribute('aria-describedby') ?? null;
          if (now === before || !now) return false;
          return document.getElementById(now.split(' ').at(-1) ?? '')?.innerText ?? false;
        },
        [trigger, own] as const,
        { timeout: 400 },
      )
      .then((handle) => handle.jsonValue() as Promise<string>, () => null);
    if (label) {
      // Radix repeats the label in a visually hidden copy for screen readers: one line each.
      for (const line of new Set(label.split('\n').map((l) => l.trim()).filter(Boolean))) {
        out.push({ text: line, where: `tooltip of [${name}]` });
      }
    }
    await trigger.evaluate((element: HTMLElement) => element.blur());
    // A trigger the page replaced meanwhile keeps its last attributes: it no longer matters.
    await page.waitForFunction(
      ([element, before]) => !(element as Element).isConnected || ((element as Element).getAttribute('aria-describedby') ?? null) === before,
      [trigger, own] as const,
      { timeout: 2_000 },
    );
  }
  return out;
}
