// One JSON POST to a running mock's API over HTTP, as an app under development makes it:
// for the tests that start the mock as a process (e2e, browser) rather than inject().

export interface ApiReply {
  status: number;
  /** The parsed JSON (tests read into answers of many shapes), or the text when not JSON. */
  body: any;
}

/** POSTs `body` as JSON to `${base}/api/v1${path}` (with a bearer token when given), within `timeoutMs`. */
export async function apiPost(
  base: string,
  path: string,
  body: unknown,
  token?: string,
  timeoutMs = 10_000,
): Promise<ApiReply> {
  const r = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      platform: 'WEB',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await r.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: kept as text */
  }
  return { status: r.status, body: parsed };
}

/** Signs `email` in with the demo password over HTTP and returns its token (throws when refused). */
export async function apiSignin(base: string, email = 'demo@example.com'): Promise<string> {
  const r = await apiPost(base, '/user/signin', { email, password: 'demo-password' });
  if (r.status !== 200) throw new Error(`sign-in of ${email} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.data.api_token;
}
