import { z } from 'zod';

// Zod compiles object parsers with `new Function` unless told not to, and its probe for that
// is itself a violation of our Content-Security-Policy (script-src without 'unsafe-eval').
// main.tsx imports this before it loads the app, so no schema is built before it runs.
z.config({ jitless: true });
