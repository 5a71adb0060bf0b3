import { AppError } from '../../../app/errors.ts';

/**
 * The 400 for a request feature the target API has no way to express: the caller learns which
 * field it was instead of getting an answer that silently ignored it.
 */
export function untranslatable(param: string, target: string, why?: string): AppError {
  const reason = why ? `: ${why}` : '';
  return new AppError('validation', `${param} cannot be translated to ${target}${reason}`, { param });
}

/** A `data:<type>;base64,<data>` URL split into its parts; undefined for anything else. */
export function parseDataUrl(url: string): { mediaType: string; data: string } | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return match ? { mediaType: match[1]!, data: match[2]! } : undefined;
}

/** Arguments a model wrote as JSON text, as the object the other API wants (an unreadable text is kept under `_raw`). */
export function parseArguments(text: string, param: string, target: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw untranslatable(param, target, 'the tool call arguments are not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw untranslatable(param, target, 'the tool call arguments are not a JSON object');
  return value as Record<string, unknown>;
}
