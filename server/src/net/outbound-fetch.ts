import { Agent, fetch as undiciFetch } from 'undici';
import { checkOutboundUrl, guardedLookup, type OutboundPolicy } from './outbound-url.ts';

/** Connections whose every address was checked by the lookup that made them. */
const guardedAgent = new Agent({ connect: { lookup: guardedLookup } });

/**
 * `fetch` for addresses built from user input: the URL is checked against the policy, the
 * connection goes only to addresses the guarded lookup accepted, and redirects are refused
 * (a redirect could lead off the allow-list). Typed as the global fetch for the AI SDK's
 * `fetch` option; undici's is the same implementation Node ships.
 */
export function outboundFetch(policy: OutboundPolicy): typeof fetch {
  // The AI SDK and our own callers pass a string or URL; a Request object is not taken.
  const guarded = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = checkOutboundUrl(String(input), policy);
    const options = { ...(init as object), redirect: 'error', dispatcher: policy.allowAll ? undefined : guardedAgent };
    return (await undiciFetch(url, options as Parameters<typeof undiciFetch>[1])) as unknown as Response;
  };
  return guarded as typeof fetch;
}
