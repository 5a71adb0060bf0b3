import type { ChatProvider } from '../types.ts';
import { bingTurn } from './bing-turn.ts';
import { copilotTurn } from './copilot-transport.ts';
import { sydneyTurn } from './sydney-transport.ts';

/**
 * The bingAI endpoint: Microsoft Copilot (`BINGAI_PROTOCOL=copilot`, the default) or a host that
 * still speaks Bing Chat's Sydney hub (`sydney`). Each keeps its own upstream conversation, which
 * the exchange stores (`session` events) so the next message of the branch continues it.
 */
export const bingProvider: ChatProvider = {
  stream(request, signal) {
    const protocol = request.settings?.bingProtocol ?? 'copilot';
    const turn = bingTurn(request, protocol);
    return protocol === 'sydney' ? sydneyTurn(turn, signal) : copilotTurn(turn, signal);
  },
};
