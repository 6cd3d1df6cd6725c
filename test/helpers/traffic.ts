// A session of valid API traffic that reaches every operation of the spec,
// with successes and documented failures (404, 403, 401, 422). Sent through any
// transport: inject() for the Ajv test, a Prism proxy for the Prism test.
import { logoutTraffic, passwordTraffic, readTraffic, signinTraffic } from './traffic-accounts.js';
import { clientTraffic, deleteTraffic, measurementTraffic } from './traffic-clients.js';
import { recorder } from './traffic-recorder.js';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: unknown;
}

export interface Call {
  operationId: string;
  method: 'GET' | 'POST';
  /** Path under /api/v1. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Recorded extends Call {
  expect: number;
  reply: Reply;
}

export type Send = (call: Call) => Promise<Reply>;
/** Mock controls go straight to the mock (a proxy would not know them). */
export type Control = (method: string, path: string, body?: unknown) => Promise<Reply>;

/** The session, in order: each step's calls depend on the state the earlier ones left. */
export async function validTraffic(send: Send, control: Control): Promise<Recorded[]> {
  const r = recorder(send);
  const tokens = await signinTraffic(r);
  await passwordTraffic(r, control);
  await readTraffic(r, tokens);
  const [first, second] = await clientTraffic(r, tokens.demo, tokens.nosub);
  await measurementTraffic(r, tokens.demo, first.id);
  await deleteTraffic(r, tokens.demo, second.id);
  await logoutTraffic(r, tokens);
  return r.log;
}
