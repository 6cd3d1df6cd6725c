// Sends the calls of a traffic session and records each with the status it
// should get; post() is one row of the session.
import type { Call, Recorded, Send } from './traffic.js';

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
