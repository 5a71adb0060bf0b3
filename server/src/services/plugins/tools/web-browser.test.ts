import { startWebPagesFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundFetch } from '../../../net/outbound-fetch.ts';
import { ToolError } from './plugin-tool.ts';
import { noAbort, testToolHttp } from '../../../test-support/tool-http.ts';
import { webBrowserTool } from './web-browser.ts';

const article = `<html><head><title>Otters</title></head><body><nav>Home | About | Login</nav>
<article><h1>Sea otters</h1>${'<p>Sea otters hold hands while they sleep so they do not drift apart. They live in the northern Pacific.</p>'.repeat(5)}</article>
<footer>Copyright</footer><script>alert(1)</script></body></html>`;

let site: FakeUpstream;
beforeAll(async () => {
  site = await startWebPagesFake({
    '/otters': { contentType: 'text/html; charset=utf-8', body: article },
    '/notes.txt': { contentType: 'text/plain', body: 'plain notes' },
    '/big': { contentType: 'text/html', body: `<html><body><article>${'<p>word </p>'.repeat(50_000)}</article></body></html>` },
    '/file.zip': { contentType: 'application/zip', body: 'PK' },
  });
});
afterAll(() => site.close());

const browser = webBrowserTool(testToolHttp());

describe('web browser', () => {
  it('reads the main text of a page without its navigation and scripts', async () => {
    const { text } = await browser.run({ url: `${site.url}/otters` }, noAbort());
    expect(text).toMatch(/^# Otters/);
    expect(text).toContain('hold hands while they sleep');
    expect(text).not.toContain('alert(1)');
    expect(text).not.toContain('Login');
  });

  it('reads plain text as it is and refuses other types', async () => {
    expect((await browser.run({ url: `${site.url}/notes.txt` }, noAbort())).text).toBe('plain notes');
    await expect(browser.run({ url: `${site.url}/file.zip` }, noAbort())).rejects.toThrow(/application\/zip/);
    await expect(browser.run({ url: `${site.url}/missing` }, noAbort())).rejects.toThrow(/404/);
  });

  it('reads only the first bytes of a large page and says so', async () => {
    const { text } = await webBrowserTool(testToolHttp({ maxBytes: 20_000 })).run({ url: `${site.url}/big` }, noAbort());
    expect(text.length).toBeLessThanOrEqual(8001);
  });

  it('refuses private addresses under the SSRF rules', async () => {
    const guarded = webBrowserTool(testToolHttp({ userFetch: outboundFetch({ hosts: [], allowAll: false, anyPublicHost: true }) }));
    await expect(guarded.run({ url: `${site.url}/otters` }, noAbort())).rejects.toThrow(ToolError);
    await expect(guarded.run({ url: 'http://localhost:1/' }, noAbort())).rejects.toThrow(/private or reserved|failed/);
    await expect(guarded.run({ url: 'file:///etc/passwd' }, noAbort())).rejects.toThrow();
  });
});
