import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../fixtures/pdf-bytes.ts';
import { tinyPngBase64, type FakeUpstream } from './fake-server.ts';
import { startOpenAIFake } from './openai-compatible.ts';

/** The Responses fake's checks of input items and their content parts, read by the official `openai` SDK. */
const png = `data:image/png;base64,${tinyPngBase64}`;
const pdf = `data:application/pdf;base64,${pdfBytes('Hello').toString('base64')}`;

describe('Responses input through the openai SDK', () => {
  let fake: FakeUpstream;
  let client: OpenAI;
  beforeAll(async () => {
    fake = await startOpenAIFake();
    client = new OpenAI({ apiKey: 'k', baseURL: `${fake.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => fake.close());

  const send = (input: unknown) => client.responses.create({ model: 'gpt-6.1-sol', input: input as OpenAI.Responses.ResponseInput });
  async function refusal(input: unknown) {
    try {
      await send(input);
    } catch (error) {
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      const { status, code, param, message } = error as InstanceType<typeof OpenAI.APIError>;
      return { status, code, param, message };
    }
    throw new Error('the fake took the input');
  }

  it('takes a picture as input_image and a PDF as input_file, beside the text', async () => {
    fake.enqueue({ chunks: ['Seen'] });
    const response = await send([
      { role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: png, detail: 'auto' }, { type: 'input_file', filename: 'a.pdf', file_data: pdf }] },
      { role: 'assistant', content: [{ type: 'output_text', text: 'A dot.' }] },
      { role: 'user', content: 'And now?' },
    ]);
    expect(response.output_text).toBe('Seen');
  });

  it('refuses a field the API does not have, with its path', async () => {
    const attachments = await refusal([{ role: 'user', content: 'q', attachments: [{ data: { type: 'Buffer', data: [137, 80] } }] }]);
    expect(attachments).toMatchObject({ status: 400, code: 'unknown_parameter', param: 'input[0].attachments' });
    expect(attachments.message).toContain("Unknown parameter: 'input[0].attachments'.");
  });

  it('refuses Chat Completions part types and parts the role may not send', async () => {
    const chatPart = await refusal([{ role: 'user', content: [{ type: 'image_url', image_url: { url: png } }] }]);
    expect(chatPart).toMatchObject({ code: 'invalid_value', param: 'input[0].content[0].type' });
    expect(chatPart.message).toContain("Invalid value: 'image_url'. Supported values are: 'input_text', 'input_image'");
    const assistantInput = await refusal([{ role: 'assistant', content: [{ type: 'input_text', text: 'x' }] }]);
    expect(assistantInput).toMatchObject({ code: 'invalid_value', param: 'input[0].content[0].type' });
    expect(assistantInput.message).toContain("Supported values are: 'output_text' and 'refusal'.");
  });

  it('refuses parts missing what they need, and data that is not what it claims', async () => {
    expect(await refusal([{ role: 'user', content: [{ type: 'input_file', file_data: pdf }] }])).toMatchObject({ code: 'missing_required_parameter', param: 'input[0].content[0].filename' });
    expect(await refusal([{ role: 'user', content: [{ type: 'input_image', detail: 'auto' }] }])).toMatchObject({ code: 'missing_required_parameter', param: 'input[0].content[0].image_url' });
    expect(await refusal([{ role: 'user', content: [{ type: 'input_text' }] }])).toMatchObject({ code: 'missing_required_parameter', param: 'input[0].content[0].text' });
    expect(await refusal([{ role: 'user', content: [{ type: 'input_image', image_url: pdf }] }])).toMatchObject({ code: 'invalid_value', param: 'input[0].content[0].image_url' });
    expect(await refusal([{ role: 'user', content: [{ type: 'input_image', image_url: `data:image/png;base64,${Buffer.from('not a png').toString('base64')}` }] }])).toMatchObject({ code: 'invalid_image_format' });
    expect(await refusal([{ role: 'robot', content: 'q' }])).toMatchObject({ code: 'invalid_value', param: 'input[0].role' });
  });
});
