// Sends the calls of a traffic session and records each with the status it
// should get; post() is one row of the session. The types of a call live here,
// below traffic.ts and its parts, which all import them (no import cycle).
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

const WEB = { platform: 'WEB' };
export const auth = (token: string) => ({ ...WEB, authorization: `Bearer ${token}` });
export const apiToken = (token: string) => ({ ...WEB, 'x-api-token': token });

export interface Recorder {
  log: Recorded[];
  /** Sends `c` with the platform header, records it, returns the reply body. */
  call(expect: number, c: Call): Promise<any>;
  /** A POST; `body` and `headers` are left out of the call when undefined. */
  post(
    expect: number,
    operationId: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<any>;
}

export function recorder(send: Send): Recorder {
  const log: Recorded[] = [];
  const call = async (expect: number, c: Call): Promise<any> => {
    const reply = await send({ ...c, headers: { ...WEB, ...c.headers } });
    log.push({ ...c, expect, reply });
    return reply.body;
  };
  const post: Recorder['post'] = (expect, operationId, path, body, headers) =>
    call(expect, {
      operationId,
      method: 'POST',
      path,
      ...(headers === undefined ? {} : { headers }),
      ...(body === undefined ? {} : { body }),
    });
  return { log, call, post };
}
