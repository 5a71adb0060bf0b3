import { sendJson, startFakeServer, tinyPngBase64, type FakeUpstream } from '../fake-server.ts';

/** AUTOMATIC1111 `POST /sdapi/v1/txt2img`: `{images: [base64], parameters, info}`; a bad body is 422 with FastAPI's `detail`. */
export function startStableDiffusionFake(): Promise<FakeUpstream> {
  return startFakeServer((ctx) => {
    if (ctx.req.method !== 'POST' || ctx.recorded.path !== '/sdapi/v1/txt2img') return sendJson(ctx.res, 404, { detail: 'Not Found' });
    const body = ctx.recorded.body as { prompt?: unknown; steps?: unknown } | undefined;
    if (typeof body !== 'object' || body === null || (body.prompt !== undefined && typeof body.prompt !== 'string') || (body.steps !== undefined && typeof body.steps !== 'number')) {
      return sendJson(ctx.res, 422, { detail: [{ loc: ['body'], msg: 'value is not a valid dict', type: 'type_error.dict' }] });
    }
    sendJson(ctx.res, 200, { images: [tinyPngBase64], parameters: body, info: JSON.stringify({ prompt: body.prompt, seed: 1 }) });
  });
}
