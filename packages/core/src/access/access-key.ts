import { z } from 'zod';

/** A personal access key (SPEC points 5 and 8): `sk-` followed by exactly 48 letters or digits. */
export const ACCESS_KEY_PATTERN = /^sk-[A-Za-z0-9]{48}$/;
export const ACCESS_KEY_BODY_LENGTH = 48;
/** How many leading characters of a key are kept in clear, to show and to name it in admin commands. */
export const ACCESS_KEY_PREFIX_LENGTH = 7;

/** The welcome modal strips all whitespace from what was pasted before checking it. */
export function normalizeAccessKey(input: string): string {
  return input.replace(/\s+/g, '');
}

export function isAccessKey(input: string): boolean {
  return ACCESS_KEY_PATTERN.test(input);
}

/** A key field of a request: whitespace stripped, then the exact format. */
export const accessKeySchema = z
  .string({ error: 'validation.accessKey' })
  .max(200, 'validation.accessKey')
  .transform(normalizeAccessKey)
  .pipe(z.string().regex(ACCESS_KEY_PATTERN, 'validation.accessKey'));

/** Where the browser keeps the key (SPEC point 3: local storage `apiKey`). */
export const ACCESS_KEY_STORAGE_KEY = 'apiKey';
/** The header carrying the key besides `Authorization: Bearer <key>`. */
export const ACCESS_KEY_HEADER = 'x-api-key';
