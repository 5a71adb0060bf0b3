import { z } from 'zod';
import { ToolError, type PluginTool } from './plugin-tool.ts';
import { clip, toolRequest, type ToolHttp } from './tool-http.ts';

const input = z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) });

/** The readable text of an HTML page (Readability's article, else the body text); the parsers load on first use. */
async function readableText(html: string, url: string): Promise<{ title: string; text: string }> {
  const [{ Readability }, { parseHTML }] = await Promise.all([import('@mozilla/readability'), import('linkedom')]);
  const { document } = parseHTML(html);
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 100 }).parse();
  const text = (article?.textContent ?? document.body?.textContent ?? '').replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n\n').trim();
  return { title: article?.title || document.title || url, text };
}

/** Opens one public page (SSRF rules of net/: no private addresses, no redirects) and reads its main text. */
export function webBrowserTool(http: ToolHttp): PluginTool {
  return {
    name: 'web-browser',
    description: 'Opens a web page and answers its title and main text. Input: the full http(s) URL of the page.',
    inputSchema: z.toJSONSchema(input),
    async run(raw, signal) {
      const { url } = input.parse(raw);
      const page = await toolRequest(http, url, { signal, user: true, headers: { accept: 'text/html,text/plain;q=0.9', 'user-agent': 'ParleyBot/1.0' } });
      if (page.status >= 400) throw new ToolError(`The page answered ${page.status}.`);
      if (page.contentType.includes('text/plain')) return { text: clip(page.text) };
      if (!page.contentType.includes('html')) throw new ToolError(`The page is ${page.contentType || 'of an unknown type'}, not HTML or text.`);
      const { title, text } = await readableText(page.text, url);
      return { text: clip(`# ${title}\n\n${text}${page.truncated ? '\n\n(The page was longer; only its beginning was read.)' : ''}`) };
    },
  };
}
