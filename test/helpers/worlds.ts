// One world of a test mock, as an app in it calls it: every call carries
// `X-Mock-World: NAME` (or, `prefixed`, goes under /worlds/NAME/).
import type { FastifyInstance } from 'fastify';

export interface WorldReply {
  status: number;
  headers: Record<string, unknown>;
  body: any;
}

export interface WorldClient {
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<WorldReply>;
  control(method: string, path: string, body?: unknown): Promise<WorldReply>;
  signin(email?: string): Promise<string>;
}

const parsed = (r: { statusCode: number; headers: Record<string, unknown>; body: string }): WorldReply => {
  let body: unknown = r.body;
  try {
    body = r.body === '' ? undefined : JSON.parse(r.body);
  } catch {
    /* kept as text */
  }
  return { status: r.statusCode, headers: r.headers, body };
};

/** Calls in one world: `undefined` for the default world (no header). */
export function inWorld(app: FastifyInstance, name: string | undefined, prefixed = false): WorldClient {
  const header: Record<string, string> = name === undefined || prefixed ? {} : { 'x-mock-world': name };
  const at = (path: string) => (prefixed && name !== undefined ? `/worlds/${name}${path}` : path);
  const post = async (path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    parsed(
      await app.inject({
        method: 'POST',
        url: at(`/api/v1${path}`),
        headers: { platform: 'WEB', ...header, ...headers },
        payload: body as object,
      }),
    );
  const control = async (method: string, path: string, body?: unknown) =>
    parsed(
      await app.inject({
        method: method as 'GET',
        url: at(path),
        headers: header,
        ...(body === undefined ? (method === 'POST' ? { payload: {} } : {}) : { payload: body as object }),
      }),
    );
  const signin = async (email = 'demo@example.com') => {
    const r = await post('/user/signin', { email, password: 'demo-password' });
    if (r.status !== 200) throw new Error(`sign-in of ${email} in ${name} failed: ${JSON.stringify(r.body)}`);
    return r.body.data.api_token as string;
  };
  return { post, control, signin };
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
