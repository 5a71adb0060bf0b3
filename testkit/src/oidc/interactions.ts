import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { readRequestForm } from '../http/request-body.ts';
import { escapeHtml, page, sendHtml } from '../oauth/http-helpers.ts';
import type { OidcAccount } from './oidc-issuer.ts';

/**
 * The issuer's end-user pages. `GET /interaction/<uid>` shows the login form (or grants consent
 * right away); `POST /interaction/<uid>/login` signs in the account named by the `login` field.
 */
export async function handleInteraction(
  provider: Provider,
  accounts: OidcAccount[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const isSubmit = req.method === 'POST' && req.url?.endsWith('/login');

  if (details.prompt.name === 'consent') {
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
    const missingScope = details.prompt.details.missingOIDCScope as string[] | undefined;
    if (missingScope) grant!.addOIDCScope(missingScope.join(' '));
    const grantId = await grant!.save();
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  if (!isSubmit) return sendHtml(res, 200, loginPage(details.uid));

  const form = await readRequestForm(req);
  if ('cancel' in form) {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
  }
  const login = (form.login ?? '').trim().toLowerCase();
  const account = accounts.find((a) => a.email.toLowerCase() === login || a.sub === login);
  if (!account) return sendHtml(res, 200, loginPage(details.uid, `No account is known as "${login}".`));
  return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
}

function loginPage(uid: string, error?: string): string {
  const alert = error ? `<p role="alert">${escapeHtml(error)}</p>` : '';
  return page(
    'Sign in to the test issuer',
    `${alert}<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Email <input name="login" type="text" autocomplete="username" autofocus required></label>
<button type="submit">Sign in</button>
<button type="submit" name="cancel" value="1" formnovalidate>Cancel</button>
</form>`,
  );
}
