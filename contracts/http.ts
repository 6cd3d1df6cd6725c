// One HTTP exchange with a deployment. Never throws: a timeout, a refused or
// reset connection, a body that is not JSON all come back as data.
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface Request {
  method: string;
  /** Path under the API prefix, e.g. `/client/list`. */
  path: string;
  headers?: Record<string, string>;
  /** JSON-encoded unless `raw` is set. */
  body?: unknown;
  raw?: string;
}

export type NetworkFault = 'timeout' | 'refused' | 'reset' | 'dns' | 'network';

export interface Outcome {
  request: Request;
  /** Absent when the exchange failed at the network level. */
  status?: number;
  headers: Record<string, string>;
  text: string;
  /** Parsed body; undefined when empty or not JSON (see `parseError`). */
  body?: unknown;
  parseError?: string;
  fault?: { kind: NetworkFault; message: string };
  ms: number;
}

export interface Transport {
  send(req: Request): Promise<Outcome>;
  /** Requests sent so far. */
  readonly count: number;
}

function classify(err: unknown, timeoutMs: number): { kind: NetworkFault; message: string } {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return { kind: 'timeout', message: `no answer within ${timeoutMs} ms` };
  const code = e?.cause?.code ?? '';
  if (code === 'ECONNREFUSED') return { kind: 'refused', message: 'connection refused' };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || /other side closed|socket hang up/i.test(e?.cause?.message ?? '')) {
    return { kind: 'reset', message: 'connection closed before a complete answer' };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { kind: 'dns', message: `host not found (${code})` };
  return { kind: 'network', message: e?.cause?.message ?? e?.message ?? String(err) };
}

export function describeBody(o: Outcome): string {
  if (o.text.trim() === '') return 'an empty body';
  if (/^\s*<(!doctype|html)/i.test(o.text)) return 'an HTML page';
  return `a body that is not JSON (${o.parseError ?? 'unparsable'}): ${JSON.stringify(o.text.slice(0, 60))}`;
}

export function createTransport(baseUrl: string, fetchImpl: FetchLike, timeoutMs: number): Transport {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async send(req) {
      count++;
      const started = performance.now();
      const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
      let payload: string | undefined = req.raw;
      if (payload === undefined && req.body !== undefined) payload = JSON.stringify(req.body);
      if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['content-type'] = 'application/json';
      }
      try {
        // The deadline covers the whole exchange, body included.
        const signal = AbortSignal.timeout(timeoutMs);
        const res = await fetchImpl(`${baseUrl}${req.path}`, { method: req.method, headers, body: payload, signal, redirect: 'manual' });
        const text = await res.text();
        const out: Outcome = { request: req, status: res.status, headers: Object.fromEntries(res.headers), text, ms: performance.now() - started };
        if (text.trim() !== '') {
          try {
            out.body = JSON.parse(text);
          } catch (err) {
            out.parseError = (err as Error).message;
          }
        }
        return out;
      } catch (err) {
        return { request: req, headers: {}, text: '', fault: classify(err, timeoutMs), ms: performance.now() - started };
      }
    },
  };
}
