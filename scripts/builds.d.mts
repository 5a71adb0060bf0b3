export declare const repoRoot: string;
/** The compiled server that `npm start` runs. */
export declare const serverEntry: string;
/**
 * Builds the web app and the server where stale; `log` hears which; throws when a build fails.
 * `parts` limits it (the demo runs the server from source, so it needs the web app only);
 * `webDist` builds the web app into another folder (tests).
 */
export declare function ensureBuilt(log?: (line: string) => void, options?: { parts?: Array<'web' | 'server'>; webDist?: string }): void;
