import './zod-without-eval.ts';
import { preloadConversationChunks } from './api/early-chunks.ts';
import { openedConversationSegment, sendEarlyRequests } from './api/early-requests.ts';
import { preloadStartingLocale } from './locales/locale-chunks.ts';

sendEarlyRequests(location.pathname);
preloadConversationChunks(openedConversationSegment(location.pathname) !== undefined);
preloadStartingLocale();

// The app is loaded only once zod is configured: with static imports the bundler may run the
// chunk that builds the core schemas before this module's own code.
await import('./boot.tsx');
