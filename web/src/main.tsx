import './zod-without-eval.ts';
import { preloadConversationChunks } from './api/early-chunks.ts';
import { sendEarlyRequests } from './api/early-requests.ts';
import { preloadStartingLocale } from './locales/locale-chunks.ts';

void sendEarlyRequests(location.pathname).then(preloadConversationChunks);
preloadStartingLocale();

// The app is loaded only once zod is configured: with static imports the bundler may run the
// chunk that builds the core schemas before this module's own code.
await import('./boot.tsx');
