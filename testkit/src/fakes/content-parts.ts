/**
 * The attachment shapes each real API accepts, checked the way the API does: a wrong part type,
 * a malformed data URL, a media type it refuses, or bytes that are not what they claim is a 400.
 * Each check answers the API's own complaint, or undefined when the content is valid.
 */

export const imageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

const signatures: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
};

/** Whether base64 `data` decodes to bytes of `mediaType`. */
export function bytesMatch(mediaType: string, data: unknown): boolean {
  if (typeof data !== 'string' || !/^[A-Za-z0-9+/]+=*$/.test(data)) return false;
  return signatures[mediaType]?.(Buffer.from(data, 'base64')) ?? false;
}

function dataUrlProblem(url: unknown, allowed: string[]): string | undefined {
  const match = typeof url === 'string' ? /^data:([^;,]+);base64,(.*)$/.exec(url) : null;
  if (!match) return 'Invalid data URL: expected data:<type>;base64,<data>.';
  if (!allowed.includes(match[1]!)) return `Invalid MIME type ${match[1]}. Only ${allowed.join(', ')} are supported.`;
  return bytesMatch(match[1]!, match[2]) ? undefined : 'The data is not a valid file of its declared type.';
}

type Part = Record<string, unknown>;
const isObject = (value: unknown): value is Part => typeof value === 'object' && value !== null;

/** Chat Completions: content is a string or an array of text, image_url and file parts. */
export function chatCompletionsContentProblem(messages: unknown): string | undefined {
  for (const message of Array.isArray(messages) ? messages : []) {
    const content = isObject(message) ? message.content : undefined;
    if (!Array.isArray(content)) continue;
    for (const part of content) {
      if (!isObject(part)) return 'Invalid content part.';
      if (part.type === 'text' && typeof part.text === 'string') continue;
      if (part.type === 'image_url' && isObject(part.image_url)) {
        const url = part.image_url.url;
        if (typeof url === 'string' && url.startsWith('https://')) continue;
        const problem = dataUrlProblem(url, imageTypes);
        if (problem) return problem;
        continue;
      }
      if (part.type === 'file' && isObject(part.file) && typeof part.file.filename === 'string') {
        const problem = dataUrlProblem(part.file.file_data, ['application/pdf']);
        if (problem) return problem;
        continue;
      }
      return `Invalid value: '${String(part.type)}'. Supported values are: 'text', 'image_url' and 'file'.`;
    }
  }
  return undefined;
}

/** Anthropic Messages: text, `image` (base64 JPEG/PNG/GIF/WebP) and `document` (base64 PDF) blocks. */
export function anthropicContentProblem(messages: unknown): string | undefined {
  for (const message of Array.isArray(messages) ? messages : []) {
    const content = isObject(message) ? message.content : undefined;
    if (!Array.isArray(content)) continue;
    for (const block of content) {
      if (!isObject(block)) return 'messages: content blocks must be objects';
      if (block.type === 'text' && typeof block.text === 'string') continue;
      // Tool and thinking blocks are checked against each other by anthropicToolProblem and thinkingToolLoopProblem.
      if (block.type === 'tool_use' || block.type === 'tool_result' || block.type === 'thinking' || block.type === 'redacted_thinking') continue;
      const source = isObject(block.source) ? block.source : undefined;
      const allowed = block.type === 'image' ? imageTypes : block.type === 'document' ? ['application/pdf'] : undefined;
      if (!allowed || !source) return `messages: Input tag '${String(block.type)}' found using 'type' does not match any of the expected tags`;
      if (source.type !== 'base64') return `messages: ${block.type}.source.type: only base64 is accepted here`;
      if (typeof source.media_type !== 'string' || !allowed.includes(source.media_type)) {
        return `messages: ${block.type}.source.media_type: Input should be ${allowed.map((t) => `'${t}'`).join(' or ')}`;
      }
      if (!bytesMatch(source.media_type, source.data)) return `messages: ${block.type}.source.data: The ${block.type} data is not valid`;
    }
  }
  return undefined;
}

/** Gemini: parts are `text` or `inlineData` with a supported mimeType and base64 data. */
export function geminiContentProblem(contents: unknown): string | undefined {
  for (const content of Array.isArray(contents) ? contents : []) {
    const parts = isObject(content) && Array.isArray(content.parts) ? content.parts : [];
    for (const part of parts) {
      if (!isObject(part)) return 'Invalid JSON payload: parts must be objects.';
      if (typeof part.text === 'string') continue;
      // Function parts are checked against each other by geminiFunctionProblem.
      if (isObject(part.functionCall) || isObject(part.functionResponse)) continue;
      const inline = isObject(part.inlineData) ? part.inlineData : undefined;
      if (!inline) return 'Invalid JSON payload received. Unknown name in parts.';
      if (typeof inline.mimeType !== 'string' || ![...imageTypes, 'application/pdf'].includes(inline.mimeType)) {
        return `Unsupported MIME type: ${String(inline.mimeType)}`;
      }
      if (!bytesMatch(inline.mimeType, inline.data)) return 'Provided image is not valid.';
    }
  }
  return undefined;
}

/**
 * An image edit: OpenAI takes a multipart form with an `image` (or `image[]`) file part; xAI
 * takes JSON with `image: {url, type: 'image_url'}` holding a picture data URL.
 */
export function imageEditProblem(flavor: string, contentType: string | undefined, body: unknown): string | undefined {
  if (flavor === 'xai') {
    const image = isObject(body) && isObject(body.image) ? body.image : undefined;
    if (!image || image.type !== 'image_url') return 'image: expected {url, type: "image_url"}';
    return dataUrlProblem(image.url, imageTypes);
  }
  if (!contentType?.startsWith('multipart/form-data')) return "Invalid Content-Type header (application/json), expected multipart/form-data. (HINT: If you're using curl, you can pass -F 'image=@path/to/image.png')";
  return typeof body === 'string' && /name="image(\[\])?"/.test(body) ? undefined : "Missing required parameter: 'image'.";
}
