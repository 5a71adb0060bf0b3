import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlServer, type ControlServer } from './control-server.ts';
import { startPeers, type StackPeers } from './peers.ts';

describe('stack control API', () => {
  let peers: StackPeers;
  let control: ControlServer;

  beforeAll(async () => {
    peers = await startPeers('http://127.0.0.1:9');
    control = await startControlServer(peers, { port: 0, appUrl: 'http://127.0.0.1:9' });
  });
  afterAll(async () => {
    await control.close();
    await peers.close();
  });

  const sendMail = (to: string, subject: string) =>
    nodemailer.createTransport(peers.smtp.url).sendMail({ from: 'parley@example.com', to, subject, text: `body of ${subject}` });

  it('hands a test process the mail Parley sent, waiting for it to arrive', async () => {
    const waiting = fetch(`${control.url}/mail?to=${encodeURIComponent('Reader@Example.com')}`);
    await sendMail('reader@example.com', 'Reset your password');
    const response = await waiting;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ to: 'reader@example.com', subject: 'Reset your password', text: expect.stringContaining('body of Reset your password') });
  });

  it('answers 404 with the reason when no mail arrives in time, and 400 without an address', async () => {
    const late = await fetch(`${control.url}/mail?to=nobody@example.com&timeoutMs=100`);
    expect(late.status).toBe(404);
    expect(((await late.json()) as { error: string }).error).toContain('nobody@example.com');
    expect((await fetch(`${control.url}/mail`)).status).toBe(400);
  });

  it('names the running fakes and refuses an unknown one', async () => {
    const listed = (await (await fetch(`${control.url}/fakes`)).json()) as Record<string, string>;
    expect(Object.keys(listed).sort()).toEqual([...peers.fakes.keys()].sort());
    const unknown = await fetch(`${control.url}/fakes/no-such-provider/enqueue`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
  });

  it('scripts a provider fake and reports what it received', async () => {
    const enqueued = await fetch(`${control.url}/fakes/openai/enqueue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chunks: ['Scripted ', 'answer'] }),
    });
    expect(enqueued.status).toBe(204);

    const openai = peers.fakes.get('openai')!;
    const upstream = await fetch(`${openai.env.OPENAI_BASE_URL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${openai.env.OPENAI_API_KEY}` },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'hi there' }] }),
    });
    const stream = await upstream.text();
    expect(stream).toContain('Scripted ');
    expect(stream).toContain('answer');

    const requests = (await (await fetch(`${control.url}/fakes/openai/requests`)).json()) as { body: { model: string } }[];
    expect(requests.at(-1)?.body.model).toBe('gpt-4o-mini');
  });

  it('refuses a reply script that is not an object', async () => {
    const refused = await fetch(`${control.url}/fakes/openai/enqueue`, { method: 'POST', body: '"just text"' });
    expect(refused.status).toBe(400);
  });
});
