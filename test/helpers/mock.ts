// A mock for a test: built with inject() senders, closed at teardown.
import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import { buildMock } from '../../mock/build.js';
import type { MockOptions } from '../../mock/options.js';
import { loadWrittenSpec } from '../../spec/learnt.js';
import type { LoadedSpec } from '../../spec/load.js';
import type { Call, Control, Reply, Send } from './traffic.js';

let cached: LoadedSpec | undefined;
/** The spec the tests are written against: spec/openapi.yaml before anything it learnt (spec/learnt.ts). */
export const spec = async () => (cached ??= await loadWrittenSpec());

export interface TestMock {
  app: FastifyInstance;
  send: Send;
  control: Control;
  /** Signs in and returns the token. */
  signin(email?: string): Promise<string>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
}

export async function testMock(t: Test, options: MockOptions = {}): Promise<TestMock> {
  const app = await buildMock({ spec: await spec(), ...options });
  t.teardown(() => app.close());
  const toReply = (r: { statusCode: number; headers: Reply['headers']; body: string }): Reply => {
    let body: unknown = r.body;
    try {
      body = r.body === '' ? undefined : JSON.parse(r.body);
    } catch {
      /* not JSON: kept as text */
    }
    return { status: r.statusCode, headers: r.headers, body };
  };
  const send: Send = async (c: Call) =>
    toReply(
      await app.inject({
        method: c.method,
        url: `/api/v1${c.path}`,
        headers: { platform: 'WEB', ...c.headers },
        ...(c.body === undefined ? {} : { payload: c.body as object }),
      }),
    );
  const control: Control = async (method, path, body) =>
    // Control POSTs are JSON, as the control guard requires; a POST without a body sends {}.
    toReply(
      await app.inject({
        method: method as 'GET',
        url: path,
        ...(body === undefined ? (method === 'POST' ? { payload: {} } : {}) : { payload: body as object }),
      }),
    );
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send({ operationId: '', method: 'POST', path, headers: { platform: 'WEB', ...headers }, body });
  const signin = async (email = 'demo@example.com') => {
    const r = await post('/user/signin', { email, password: 'demo-password' });
    if (r.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(r.body)}`);
    return (r.body as { data: { api_token: string } }).data.api_token;
  };
  return { app, send, control, signin, post };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
