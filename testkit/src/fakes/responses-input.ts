import { bytesMatch, imageTypes } from './content-parts.ts';
import type { Refusal } from './openai-requests.ts';

/**
 * The Responses API's checks of `input`, item by item and part by part, with OpenAI's own 400
 * bodies (each names the offending path in `param`): an unknown field, a part type the role may
 * not send, a missing field, a data URL that is not what it says.
 */

type Item = Record<string, unknown>;
const isObject = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

const problem = (message: string, param: string, code: string): Refusal => ({
  status: 400,
  body: { error: { message, type: 'invalid_request_error', param, code } },
});
const unknownField = (param: string) => problem(`Unknown parameter: '${param}'.`, param, 'unknown_parameter');
const missing = (param: string) => problem(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter');
const quoted = (values: readonly string[]) => `${values.slice(0, -1).map((v) => `'${v}'`).join(', ')}, and '${values.at(-1)}'`;
const invalidValue = (value: unknown, param: string, supported: readonly string[]) =>
  problem(`Invalid value: '${String(value)}'. Supported values are: ${supported.length === 2 ? `'${supported[0]}' and '${supported[1]}'` : quoted(supported)}.`, param, 'invalid_value');

const roles = ['assistant', 'system', 'developer', 'user'] as const;
const partTypes = ['input_text', 'input_image', 'input_audio', 'output_text', 'refusal', 'input_file', 'computer_screenshot', 'summary_text', 'encrypted_content'] as const;
const assistantParts = ['output_text', 'refusal'] as const;
/** The item types other than messages that Parley's calls never send but the API takes. */
const otherItems = new Set(['function_call', 'function_call_output', 'reasoning', 'item_reference', 'web_search_call']);

const messageFields = new Set(['type', 'role', 'content', 'id', 'status']);
const partFields: Record<string, ReadonlySet<string>> = {
  input_text: new Set(['type', 'text']),
  output_text: new Set(['type', 'text', 'annotations', 'logprobs']),
  refusal: new Set(['type', 'refusal']),
  input_image: new Set(['type', 'image_url', 'file_id', 'detail']),
  input_file: new Set(['type', 'file_data', 'file_id', 'file_url', 'filename', 'detail']),
};

const dataUrl = (value: unknown) => (typeof value === 'string' ? /^data:([^;,]+);base64,(.*)$/s.exec(value) : null);

function imageProblem(part: Item, at: string): Refusal | undefined {
  if (part.image_url === undefined && part.file_id === undefined) return missing(`${at}.image_url`);
  if (part.detail !== undefined && !['low', 'high', 'auto', 'original'].includes(String(part.detail))) return invalidValue(part.detail, `${at}.detail`, ['low', 'high', 'auto', 'original']);
  if (typeof part.image_url !== 'string' || part.image_url.startsWith('https://')) return undefined;
  const url = dataUrl(part.image_url);
  if (!url || !imageTypes.includes(url[1]!)) {
    const got = url ? `unsupported MIME type '${url[1]}'` : 'an invalid URL';
    return problem(`Invalid '${at}.image_url'. Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU='), but got ${got}.`, `${at}.image_url`, 'invalid_value');
  }
  if (!bytesMatch(url[1]!, url[2])) {
    return problem(`The image data you provided does not represent a valid image. Please check your input and try again with one of the supported image formats: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'].`, `${at}.image_url`, 'invalid_image_format');
  }
  return undefined;
}

function fileProblem(part: Item, at: string): Refusal | undefined {
  if (part.file_data === undefined && part.file_id === undefined && part.file_url === undefined) return missing(`${at}.file_id`);
  if (part.file_data === undefined) return undefined;
  if (typeof part.filename !== 'string' || part.filename === '') return missing(`${at}.filename`);
  const url = dataUrl(part.file_data);
  if (!url) return problem(`Invalid '${at}.file_data'. Expected a base64-encoded data URL, e.g. 'data:application/pdf;base64,...'.`, `${at}.file_data`, 'invalid_value');
  if (url[1] === 'application/pdf' && !bytesMatch('application/pdf', url[2])) {
    return problem('The file data you provided is not a valid PDF file.', `${at}.file_data`, 'invalid_value');
  }
  return undefined;
}

function partProblem(part: unknown, role: string, at: string): Refusal | undefined {
  if (!isObject(part)) return problem(`Invalid type for '${at}': expected an object, but got ${typeof part} instead.`, at, 'invalid_type');
  const type = part.type;
  if (!partTypes.includes(type as (typeof partTypes)[number])) return invalidValue(type, `${at}.type`, partTypes);
  if (role === 'assistant' && !assistantParts.includes(type as (typeof assistantParts)[number])) return invalidValue(type, `${at}.type`, assistantParts);
  if (role !== 'assistant' && assistantParts.includes(type as (typeof assistantParts)[number])) return invalidValue(type, `${at}.type`, ['input_text', 'input_image', 'input_audio', 'input_file']);
  const extra = Object.keys(part).find((key) => partFields[type as string] && !partFields[type as string]!.has(key));
  if (extra) return unknownField(`${at}.${extra}`);
  if ((type === 'input_text' || type === 'output_text') && typeof part.text !== 'string') return missing(`${at}.text`);
  if (type === 'input_image') return imageProblem(part, at);
  if (type === 'input_file') return fileProblem(part, at);
  return undefined;
}

function messageProblem(item: Item, at: string): Refusal | undefined {
  if (!roles.includes(item.role as (typeof roles)[number])) return item.role === undefined ? missing(`${at}.role`) : invalidValue(item.role, `${at}.role`, roles);
  const extra = Object.keys(item).find((key) => !messageFields.has(key));
  if (extra) return unknownField(`${at}.${extra}`);
  if (item.content === undefined) return missing(`${at}.content`);
  if (typeof item.content === 'string') return undefined;
  if (!Array.isArray(item.content)) return problem(`Invalid type for '${at}.content': expected one of a string or array of input items, but got ${typeof item.content} instead.`, `${at}.content`, 'invalid_type');
  for (const [index, part] of item.content.entries()) {
    const found = partProblem(part, String(item.role), `${at}.content[${index}]`);
    if (found) return found;
  }
  return undefined;
}

/** The first thing in `input` OpenAI would refuse, as its 400; undefined when the input is valid. */
export function responsesInputProblem(input: unknown): Refusal | undefined {
  if (typeof input === 'string') return undefined;
  if (!Array.isArray(input)) return problem("Invalid type for 'input': expected one of a string or array of input items, but got an object instead.", 'input', 'invalid_type');
  for (const [index, item] of input.entries()) {
    const at = `input[${index}]`;
    if (!isObject(item)) return problem(`Invalid type for '${at}': expected an input item, but got ${typeof item} instead.`, at, 'invalid_type');
    const type = item.type ?? 'message';
    if (type === 'message') {
      const found = messageProblem(item, at);
      if (found) return found;
    } else if (!otherItems.has(String(type))) {
      return invalidValue(type, `${at}.type`, ['message', ...otherItems]);
    }
  }
  return undefined;
}
