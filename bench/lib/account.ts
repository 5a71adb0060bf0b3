/** Registers a fresh account and answers its Bearer token. */
export async function registerBenchUser(parleyUrl: string, label: string): Promise<string> {
  const password = 'bench-password-1';
  const response = await fetch(`${parleyUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Bench ${label}`,
      username: `bench-${label}`,
      email: `bench-${label}@parley.local`,
      password,
      confirm_password: password,
    }),
  });
  if (!response.ok) throw new Error(`register ${label}: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return token;
}
