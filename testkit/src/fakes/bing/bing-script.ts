/** What a Bing fake (Copilot or Sydney) answers besides a reply's text chunks. */
export interface BingScript {
  /** Sources of the answer: Copilot `citation` frames, Sydney `sourceAttributions`. */
  citations?: { url: string; title: string }[];
  /** Copilot `suggestedFollowups`, Sydney `suggestedResponses`. */
  suggestions?: string[];
  /** A picture with this prompt: Copilot `imageGenerated` (a picture the fake serves), Sydney an `IMAGE` message. */
  image?: string;
  /** After the chunks the answer is throttled: Copilot's `rate-limited` error frame, Sydney's `Throttled` result without a message. */
  throttled?: boolean;
  /** After the chunks a human check: Copilot's `challenge` frame, Sydney's `CaptchaChallenge` result. */
  challenge?: boolean;
}

/** The pages a fronting service answers instead of the upgrade, as the real ones look (titles and markers only). */
export const refusalPages = {
  cloudflare:
    '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><div id="challenge-running">Checking your browser</div><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></body></html>',
  unusual_activity:
    '<!DOCTYPE html><html><head><title>Bing</title></head><body><h1>We noticed some unusual activity</h1><p>Please solve the challenge below to continue.</p></body></html>',
} as const;

/**
 * The fakes' accounts: `valid` works, a key starting with `expired` is refused as an expired
 * login, `cloudflare` and `unusual` are answered by the matching page; anything else is unknown.
 */
export type KeyVerdict = 'ok' | 'expired' | 'unknown' | keyof typeof refusalPages;

export function verdictOf(key: string | undefined, valid: string): KeyVerdict {
  if (!key) return 'unknown';
  if (key === valid) return 'ok';
  if (key.startsWith('expired')) return 'expired';
  if (key.startsWith('cloudflare')) return 'cloudflare';
  if (key.startsWith('unusual')) return 'unusual_activity';
  return 'unknown';
}

/** The pause a scripted reply asks for before each frame: the fake's pace, not a test's wait. */
export const pace = (ms: number | undefined) => (ms ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
