// Plain-fetch access to a Spring-style staging for its self-test.
import { type Account, DEFAULT_ACCOUNTS, type SpringStaging } from '../helpers/spring-staging/index.js';

export interface Answer {
  status: number;
  text: string;
  json: any;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  method?: string;
  /** A raw body, sent as is; otherwise `body` is JSON-encoded. */
  raw?: string;
}

export async function call(s: SpringStaging, path: string, body?: unknown, o: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    platform: 'WEB',
    ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    ...o.headers,
  };
  const method = o.method ?? 'POST';
  const payload = o.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : payload,
    signal: AbortSignal.timeout(5000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}

export async function signin(s: SpringStaging, account: Account = DEFAULT_ACCOUNTS.main): Promise<string> {
  const a = await call(s, '/user/signin', { ...account, device_token: '', platform: 'WEB' });
  if (a.status !== 200) throw new Error(`sign-in failed: ${a.status}`);
  return a.json.data.api_token as string;
}
