import { randomBytes } from 'node:crypto';

/**
 * Gemini signs a thinking model's function call and wants the signature back with it; Chat
 * Completions has no field for it, so it rides in the call's id (its text as base64url,
 * which every dialect's id pattern accepts) and comes back when the caller replays the call.
 */
const signedPrefix = 'call_sig_';

/**
 * What Gemini accepts in place of a signature for a call it did not sign (history written by
 * another model or replayed without one), as Google documents for transferred conversations.
 */
export const unsignedCallSignature = 'skip_thought_signature_validator';

export function toolCallIdOf(signature: string | undefined): string {
  if (!signature) return `call_${randomBytes(12).toString('base64url')}`;
  return signedPrefix + Buffer.from(signature, 'utf8').toString('base64url');
}

export function signatureOf(id: string | undefined): string | undefined {
  if (!id?.startsWith(signedPrefix)) return undefined;
  return Buffer.from(id.slice(signedPrefix.length), 'base64url').toString('utf8');
}
