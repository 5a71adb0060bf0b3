import './zod-without-eval.ts';
import { sendEarlyRequests } from './api/early-requests.ts';

sendEarlyRequests(location.pathname);

// The app is loaded only once zod is configured: with static imports the bundler may run the
// chunk that builds the core schemas before this module's own code.
await import('./boot.tsx');
