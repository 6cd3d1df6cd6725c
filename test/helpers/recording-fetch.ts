// A fetch for runContracts that records every exchange (path, body sent,
// status, body answered), so a test can say what a run did to a deployment.
import type { FetchLike } from '../../lib/http.js';

export interface Exchange {
  path: string;
  headers: Record<string, string>;
  body: any;
  status: number;
  answer: any;
}

const json = (text: string | undefined) => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
};

/** Wraps `inner`; `before` may delay or answer a call itself (return a Response). */
export function recordingFetch(
  inner: FetchLike,
  before?: (path: string, init: RequestInit, seen: Exchange[]) => Promise<Response | undefined> | undefined,
): { fetch: FetchLike; seen: Exchange[] } {
  const seen: Exchange[] = [];
  const fetch: FetchLike = async (input, init) => {
    const path = new URL(input).pathname.replace(/^\/api\/v1/, '');
    const res = (await before?.(path, init, seen)) ?? (await inner(input, init));
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const text = await res.clone().text();
    seen.push({ path, headers, body: json(init.body as string | undefined), status: res.status, answer: json(text) });
    return res;
  };
  return { fetch, seen };
}

/** Every token a deployment handed out, and every password a run sent, in these exchanges. */
export function secretsIn(seen: Exchange[]): string[] {
  const found = new Set<string>();
  for (const x of seen) {
    const token = x.answer?.data?.api_token;
    if (typeof token === 'string') found.add(token);
    for (const k of ['password', 'current_password', 'new_password'])
      if (typeof x.body?.[k] === 'string') found.add(x.body[k]);
  }
  return [...found];
}
