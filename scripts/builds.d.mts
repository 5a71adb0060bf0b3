export declare const repoRoot: string;
/** The compiled server that `npm start` runs. */
export declare const serverEntry: string;
/** Builds the web app and the server where stale; `log` hears which; throws when a build fails. */
export declare function ensureBuilt(log?: (line: string) => void): void;
