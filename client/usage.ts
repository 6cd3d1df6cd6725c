// createClient({ usage }): every call the app makes through the client, and
// every field of the answers its code reads, told to a usage sink (the Node
// recorder of `mcs-contract-toolkit/usage` is one). Browser-safe.
import type { UsageSink } from '../spec/usage/format.js';
import { trackReads } from './track-reads.js';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

interface Init {
  body?: unknown;
  params?: { query?: Record<string, unknown>; header?: Record<string, unknown> };
}

interface Result {
  data?: unknown;
  error?: unknown;
  response: Response;
}

type Call = (...args: unknown[]) => Promise<Result>;

/** Wraps `client`'s call methods in place, so that each call and each read reaches `sink`. */
export function recordUsage(client: object, sink: UsageSink, defaultHeaders: Record<string, string>): void {
  const calls = client as Record<string, Call>;
  const wrap =
    (call: Call, method: (args: unknown[]) => string, at: number) =>
    async (...args: unknown[]) => {
      const path = String(args[at]);
      const init = (args[at + 1] ?? {}) as Init;
      const verb = method(args);
      const exchange = (status: number) =>
        sink.exchange({
          method: verb,
          path,
          status,
          body: init.body,
          query: init.params?.query,
          headers: { ...defaultHeaders, ...lowerKeys(init.params?.header) },
        });
      let result: Result;
      try {
        result = await call(...args);
      } catch (err) {
        exchange(0);
        throw err;
      }
      const status = result.response.status;
      exchange(status);
      const onRead = (at: string) => sink.read({ method: verb, path, status, at });
      return {
        ...result,
        ...('data' in result ? { data: trackReads(result.data, onRead) } : {}),
        ...('error' in result ? { error: trackReads(result.error, onRead) } : {}),
      };
    };
  for (const m of METHODS) {
    const call = calls[m];
    if (typeof call === 'function') calls[m] = wrap(call.bind(client), () => m, 0);
  }
  const request = calls.request;
  if (typeof request === 'function')
    calls.request = wrap(request.bind(client), (args) => String(args[0]).toUpperCase(), 1);
}

function lowerKeys(headers: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}
