import { startFakeServer, type FakeUpstream } from '../fake-server.ts';

const text = (res: import('node:http').ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/plain;charset=utf-8' });
  res.end(body);
};

/** Wolfram|Alpha LLM API `GET /api/v1/llm-api?input&appid`: text/plain; 403 for a bad appid, 501 for input it cannot read. */
export function startWolframFake(options: { appId: string }): Promise<FakeUpstream> {
  return startFakeServer((ctx) => {
    const { query, path } = ctx.recorded;
    if (path !== '/api/v1/llm-api') return text(ctx.res, 404, 'Not found');
    if (!query.appid) return text(ctx.res, 403, 'Error 1: Invalid appid');
    if (query.appid !== options.appId) return text(ctx.res, 403, 'Error 1: Invalid appid');
    if (!query.input) return text(ctx.res, 400, 'Error: input parameter required');
    if (/gibberish/i.test(query.input)) return text(ctx.res, 501, `Wolfram|Alpha could not understand: ${query.input}. Things to try instead:\nsimpler keywords`);
    text(
      ctx.res,
      200,
      `Query:\n"${query.input}"\n\nInput interpretation:\n${query.input}\n\nResult:\n42\n\nimage: https://www6b3.wolframalpha.com/Calculate/MSP/MSP1.png\n\nWolfram|Alpha website result for "${query.input}":\nhttps://www.wolframalpha.com/input?i=${encodeURIComponent(query.input)}`,
    );
  });
}
