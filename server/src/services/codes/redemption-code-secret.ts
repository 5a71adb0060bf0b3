import { createHash, randomInt } from 'node:crypto';
import { REDEMPTION_CODE_ALPHABET, REDEMPTION_CODE_LENGTH, REDEMPTION_CODE_PREFIX_LENGTH } from '@parley/core';

/** A new code: 20 characters drawn uniformly from the CSPRNG (100 bits), in four groups of five. */
export function generateRedemptionCode(): string {
  let body = '';
  for (let i = 0; i < REDEMPTION_CODE_LENGTH; i++) body += REDEMPTION_CODE_ALPHABET[randomInt(REDEMPTION_CODE_ALPHABET.length)];
  return body.match(/.{5}/g)!.join('-');
}

/** Codes are stored as the SHA-256 of their normalized form only: 100 random bits, guessing throttled and banned. */
export function hashRedemptionCode(normalized: string): string {
  return createHash('sha256').update(`redeem:${normalized}`).digest('hex');
}

export function redemptionCodePrefix(normalized: string): string {
  return normalized.slice(0, REDEMPTION_CODE_PREFIX_LENGTH);
}
