import { ACCESS_KEY_BODY_LENGTH, ACCESS_KEY_PREFIX_LENGTH } from '@parley/core';

const typingPattern = new RegExp(`^(s|sk|sk-[A-Za-z0-9]{0,${ACCESS_KEY_BODY_LENGTH - 1}})$`);

/** A key still being typed: nothing in it is wrong yet, it is only short. */
export function isAccessKeyPrefix(value: string): boolean {
  return typingPattern.test(value);
}

/** `sk-AbCd…WxYz`: the prefix the server shows too, and the last four; never the whole secret. */
export function maskAccessKey(key: string): string {
  if (key.length <= ACCESS_KEY_PREFIX_LENGTH + 4) return key;
  return `${key.slice(0, ACCESS_KEY_PREFIX_LENGTH)}…${key.slice(-4)}`;
}
