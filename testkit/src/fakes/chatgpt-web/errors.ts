import type { FakeReply } from '../fake-server.ts';

/*
 * The ChatGPT web back end's refusals, as public clients and reverse proxies of it read them: a
 * FastAPI `{"detail": …}` body (a string, or `{code, message, …}`), and, in front of it,
 * Cloudflare's HTML challenge page.
 */

export const expiredTokenBody = {
  detail: { message: 'Your authentication token has expired. Please try signing in again.', type: 'invalid_request_error', param: null, code: 'token_expired' },
};

export const invalidTokenBody = {
  detail: { message: 'Could not parse your authentication token. Please try signing in again.', type: 'invalid_request_error', param: null, code: 'invalid_jwt' },
};

export const unusualActivityBody = { detail: 'Unusual activity has been detected from your device. Try again later.' };

/** What a reverse proxy answers when the back end demands an Arkose captcha it cannot solve. */
export const captchaRequiredBody = { detail: 'Arkose captcha required: this request needs a captcha token the proxy could not get.' };

const modelCapBody = (clearsIn: number) => ({
  detail: { clears_in: clearsIn, code: 'model_cap_exceeded', message: 'You have sent too many messages to the model. Please try again later.' },
});

/** Cloudflare's interstitial, as a server reaching the back end without a browser meets it (403, `cf-mitigated: challenge`). */
export const cloudflareChallengePage = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow">
<script>window._cf_chl_opt={cvId: '3',cType: 'managed'};</script></head><body><div class="main-wrapper" role="main">
<div class="main-content"><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript>
</div></div><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8f00000000000000"></script></body></html>`;

/** A reverse proxy's own page when it cannot reach its upstream. */
export const badGatewayPage = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

/** The status, body and headers a scripted failure answers with. */
export function scriptedFailure(reply: FakeReply): { status: number; body: string; headers: Record<string, string> } {
  const status = reply.status ?? 500;
  if (typeof reply.errorBody === 'string') {
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=UTF-8' };
    if (reply.errorBody.includes('challenge-platform')) headers['cf-mitigated'] = 'challenge';
    return { status, body: reply.errorBody, headers };
  }
  const json = (body: unknown) => ({ status, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  if (reply.errorBody !== undefined) return json(reply.errorBody);
  if (status === 401) return json(expiredTokenBody);
  if (status === 403) return json(unusualActivityBody);
  if (status === 429) return json(modelCapBody(reply.retryAfter ?? 20));
  return json({ detail: reply.errorMessage ?? 'Something went wrong. If this issue persists please contact us through our help center at help.openai.com.' });
}
