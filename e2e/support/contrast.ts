import type { Page } from '@playwright/test';

/** A text on screen whose contrast with what is behind it is below WCAG AA. */
export interface Offender {
  element: string;
  text: string;
  color: string;
  background: string;
  ratio: number;
  required: number;
}

/**
 * Every text in the viewport (direct text of an element, and the placeholder of an empty field)
 * whose WCAG 2 contrast ratio is below AA: 4.5:1, or 3:1 for large text (24 px, or 18.66 px
 * bold). The text color is composited with its alpha and the opacity of its ancestors over the
 * background, found by compositing the ancestors' background colors up to an opaque one (the
 * page is white below them). Exempt, as WCAG has it: disabled controls with their labels, and the letters of a
 * brand's mark (marked `data-logo`). Skipped: text over a
 * picture or a gradient, and text under something opaque (a modal's backdrop) that no one can read.
 */
export function lowContrast(page: Page): Promise<Offender[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    // The canvas resolves any CSS color (oklch, color-mix, …) to sRGB, as the screen shows it.
    const rgba = (css: string): Rgba => {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const hex = ([r, g, b]: Rgba) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

    /** The background behind `el`, or null when a picture or gradient is part of it. */
    const backgroundOf = (el: Element): Rgba | null => {
      const layers: Rgba[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return null;
        const color = rgba(style.backgroundColor);
        if (color[3] > 0) layers.push(color);
        if (color[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const opacityOf = (el: Element) => {
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      return opacity;
    };
    /** True when something opaque that is not part of `el` lies on top of the point. */
    const covered = (el: Element, x: number, y: number) => {
      for (const hit of document.elementsFromPoint(x, y)) {
        if (hit === el || hit.contains(el) || el.contains(hit)) return false;
        if (rgba(getComputedStyle(hit).backgroundColor)[3] > 0.3) return true;
      }
      return false;
    };
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.closest('[data-testid]')?.getAttribute('data-testid');
      const classes = typeof el.className === 'string' ? el.className.split(/\s+/).filter((c) => /text-|opacity|placeholder/.test(c)).join('.') : '';
      return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${id ? ` in [data-testid=${id}]` : ''}`;
    };

    const found: Offender[] = [];
    const check = (el: Element, text: string, color: string, rect: DOMRect) => {
      if (el.closest(':disabled, [aria-disabled="true"], [data-disabled], [data-logo]')) return;
      const control = el.closest('label')?.control;
      if (control && 'disabled' in control && control.disabled) return;
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight || covered(el, x, y)) return;
      const background = backgroundOf(el);
      if (!background) return;
      const [r, g, b, a] = rgba(color);
      const alpha = a * opacityOf(el);
      if (alpha < 0.05) return;
      const fg = over([r, g, b, alpha], background);
      const [light, dark] = [luminance(fg), luminance(background)].sort((p, q) => q - p) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      const style = getComputedStyle(el);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const required = large ? 3 : 4.5;
      if (ratio < required - 0.005) {
        found.push({ element: describe(el), text: text.slice(0, 60), color: hex(fg), background: hex(background), ratio: Math.round(ratio * 100) / 100, required });
      }
    };

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!el || !text || seen.has(el) || el.closest('script, style, noscript, svg')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) continue;
      seen.add(el);
      check(el, text, getComputedStyle(el).color, rect);
    }
    for (const field of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]'))) {
      if (field.value || !field.placeholder || !field.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const rect = field.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) continue;
      check(field, `placeholder "${field.placeholder}"`, getComputedStyle(field, '::placeholder').color, rect);
    }
    return found;
  });
}
