/** The image creator's address, the one a Bing embed may frame. */
const IMAGE_CREATOR = 'https://www.bing.com/images/create';
/** SPEC point 5: none of these may appear in an embed. */
const FORBIDDEN_TAGS = ['script', 'img', 'style', 'div', 'a', 'input', 'button', 'form'];
const IFRAME_BLOCK = /<iframe\b[\s\S]*?<\/iframe>/i;

/** A reply's text split around the Bing embed it ends with: the text to render and the embed's HTML. */
export function splitBingEmbed(text: string): { text: string; embed?: string } {
  const match = IFRAME_BLOCK.exec(text);
  if (!match) return { text };
  return { text: (text.slice(0, match.index) + text.slice(match.index + match[0].length)).trimEnd(), embed: match[0] };
}

/**
 * The image-embed check (SPEC point 5): the HTML is a single presentation iframe pointing to a
 * Bing image-creation address, with none of the tags script, img, style, div, a, input, button,
 * form. Returns the address to frame, or null when the embed fails the check.
 */
export function checkedBingEmbed(html: string): string | null {
  const template = document.createElement('template');
  template.innerHTML = html;
  const fragment = template.content;
  if (FORBIDDEN_TAGS.some((tag) => fragment.querySelector(tag))) return null;
  if (fragment.querySelectorAll('*').length !== 1) return null;
  const iframe = fragment.firstElementChild;
  if (iframe?.tagName !== 'IFRAME' || iframe.getAttribute('role') !== 'presentation' || iframe.children.length > 0) return null;
  if ([...fragment.childNodes].some((node) => node !== iframe && node.textContent?.trim())) return null;
  const src = iframe.getAttribute('src') ?? '';
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  return url.origin + url.pathname === IMAGE_CREATOR ? url.href : null;
}
