// One HTTP exchange with a deployment. Never throws: a timeout, a refused or
// reset connection, a body that is not JSON, too large or nested too deep all
// come back as data.

import { BODY_DEFAULTS, type BodyRead, collectGarbage, detach, jsonShape, readBounded, TEXT_KEPT } from './limits.js';
import { tlsFailure } from './tls-failure.js';

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

export type NetworkFault = 'timeout' | 'refused' | 'reset' | 'dns' | 'tls' | 'network' | 'too-large' | 'deadline';

export interface TransportLimits {
  /** Answers are read up to this many bytes (after decompression). */
  maxBodyBytes?: number;
  /** JSON nested deeper than this is not parsed. */
  maxDepth?: number;
  /** JSON of more values than this is not parsed. */
  maxValues?: number;
  /** Aborted when the whole run's deadline passes: the exchange in flight ends at once. */
  runSignal?: AbortSignal;
}

export interface Outcome {
  request: Request;
  /** Absent when the exchange failed at the network level. */
  status?: number;
  headers: Record<string, string>;
  /** The beginning of the answer's text (TEXT_KEPT characters), copied: an outcome never holds a whole answer. */
  text: string;
  /** Characters of the answer's whole text (of what was read, when it was too large); `text.length` when absent. */
  textLength?: number;
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

const mib = (n: number) => `${(n / 1048576).toFixed(n % 1048576 === 0 ? 0 : 1)} MiB`;

function classify(err: unknown, timeoutMs: number, runSignal?: AbortSignal): { kind: NetworkFault; message: string } {
  // A run stopped in words (an interruption) says so; a bare abort is the deadline's.
  if (runSignal?.aborted)
    return {
      kind: 'deadline',
      message: `${typeof runSignal.reason === 'string' ? runSignal.reason : "the run's deadline passed"} before the answer was complete`,
    };
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
    return { kind: 'timeout', message: `no answer within ${timeoutMs} ms` };
  const tls = tlsFailure(err);
  if (tls) return { kind: 'tls', message: tls };
  const code = e?.cause?.code ?? '';
  if (code === 'ECONNREFUSED') return { kind: 'refused', message: 'connection refused' };
  if (
    code === 'ECONNRESET' ||
    code === 'UND_ERR_SOCKET' ||
    /other side closed|socket hang up/i.test(e?.cause?.message ?? '')
  ) {
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

/** The outcome of an answer read: parsed when it is JSON within the bounds; its text kept only in part. */
function settle(
  request: Request,
  res: Response,
  read: BodyRead,
  bounds: { maxBodyBytes: number; maxDepth: number; maxValues: number },
  ms: number,
): Outcome {
  const text = read.text;
  // A copy: a slice would keep the whole text (up to --max-body) alive for as long as the outcome.
  const out: Outcome = {
    request,
    status: res.status,
    headers: Object.fromEntries(res.headers),
    text: detach(text.slice(0, TEXT_KEPT)),
    textLength: text.length,
    ms,
  };
  if (read.tooLarge) {
    out.fault = {
      kind: 'too-large',
      message: `the answer (${res.status}) was larger than ${mib(bounds.maxBodyBytes)} (counted after decompression); reading stopped (--max-body)`,
    };
    return out;
  }
  if (text.trim() === '') return out;
  const shape = jsonShape(text, { depth: bounds.maxDepth, values: bounds.maxValues });
  if (shape.depth > bounds.maxDepth) {
    out.parseError = `JSON nested deeper than ${bounds.maxDepth} levels: nesting too deep to parse or validate`;
  } else if (shape.values > bounds.maxValues) {
    out.parseError = `JSON of more than ${bounds.maxValues.toLocaleString('en')} values: too many to parse and validate in bounded memory`;
  } else {
    try {
      out.body = JSON.parse(text);
    } catch (err) {
      // V8's message quotes the text; a copy, cut short, keeps none of it alive.
      out.parseError = detach((err as Error).message.slice(0, 300));
    }
  }
  return out;
}

export function createTransport(
  baseUrl: string,
  fetchImpl: FetchLike,
  timeoutMs: number,
  limits: TransportLimits = {},
): Transport {
  const maxBodyBytes = limits.maxBodyBytes ?? BODY_DEFAULTS.maxBodyBytes;
  const maxDepth = limits.maxDepth ?? BODY_DEFAULTS.maxDepth;
  const maxValues = limits.maxValues ?? BODY_DEFAULTS.maxValues;
  const runSignal = limits.runSignal;
  let count = 0;
  let owedChars = 0;
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
      // The answers before this one are garbage by now (their outcomes keep 8 KiB of text): collected when large.
      collectGarbage(owedChars);
      owedChars = 0;
      if (runSignal?.aborted)
        return {
          request: req,
          headers: {},
          text: '',
          textLength: 0,
          fault: classify(undefined, timeoutMs, runSignal),
          ms: 0,
        };
      try {
        // The timeout covers the whole exchange, body included.
        const timeout = AbortSignal.timeout(timeoutMs);
        const signal = runSignal ? AbortSignal.any([timeout, runSignal]) : timeout;
        const res = await fetchImpl(`${baseUrl}${req.path}`, {
          method: req.method,
          headers,
          body: payload,
          signal,
          redirect: 'manual',
        });
        const read = await readBounded(res, maxBodyBytes);
        owedChars = read.text.length;
        return settle(req, res, read, { maxBodyBytes, maxDepth, maxValues }, performance.now() - started);
      } catch (err) {
        return {
          request: req,
          headers: {},
          text: '',
          textLength: 0,
          fault: classify(err, timeoutMs, runSignal),
          ms: performance.now() - started,
        };
      }
    },
  };
}
