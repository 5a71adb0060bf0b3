/** The password of every bench account. */
export const benchPassword = 'bench-password-1';

/** The email of the bench account named `label`. */
export const benchEmail = (label: string) => `bench-${label}@parley.local`;

/** Registers a fresh account and answers its Bearer token. */
export async function registerBenchUser(parleyUrl: string, label: string): Promise<string> {
  const response = await fetch(`${parleyUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Bench ${label}`,
      username: `bench-${label}`,
      email: benchEmail(label),
      password: benchPassword,
      confirm_password: benchPassword,
    }),
  });
  if (!response.ok) throw new Error(`register ${label}: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** Signs the bench account named `label` in again (its access token lives 15 minutes; a slow run outlives it) and answers a fresh token. */
export async function signInBenchUser(parleyUrl: string, label: string): Promise<string> {
  const response = await fetch(`${parleyUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: benchEmail(label), password: benchPassword }),
  });
  if (!response.ok) throw new Error(`sign in ${label}: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** Creates a personal API token for the signed-in bench account (`token` is its session) and answers it. */
export async function createBenchApiToken(parleyUrl: string, token: string): Promise<string> {
  const response = await fetch(`${parleyUrl}/api/user/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'bench' }),
  });
  if (!response.ok) throw new Error(`create API token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
