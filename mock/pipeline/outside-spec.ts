// Failures no spec documents, forced by a fault rule's `kind` (controls/fault-rules.ts)
// or `Prefer: fault=`: Laravel's answer to a crash, a proxy's page for a backend that
// is down or slow, and the network's failures (a connection dropped, no answer, a body
// cut short, malformed or trickled). Every one carries MCS_ERR_FORCED_OUTSIDE_SPEC
// where it has headers, and the journal names its kind (request.forcedFault), the
// exchanges that never finish included. Every wait is bounded by maxLatencyMs and
// ends when the connection does (app.close() destroys them: forceCloseConnections).

import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FaultKind, Taken } from '../controls/fault-rules.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** A failure forced outside the spec on this request: its kind (for the answer's hook and the journal). */
    forcedFault: FaultKind | null;
    /** `slow`: bytes per second. */
    faultRate: number;
  }
}

/** 503's Retry-After unless the rule says (seconds). */
export const DEFAULT_RETRY_AFTER = 30;
/** `slow`'s rate unless the rule says. */
export const DEFAULT_BYTES_PER_SECOND = 256;
/** How often a slow answer sends its next bytes. */
const TRICKLE_MS = 100;

/** The kinds answered in place of the operation, with a status line. */
const ANSWERED: Partial<Record<FaultKind, number>> = {
  'server-error': 500,
  'bad-gateway': 502,
  unavailable: 503,
  'gateway-timeout': 504,
};
/** The kinds made of the operation's own answer (it runs: a change it makes is made). */
const OF_THE_ANSWER: ReadonlySet<FaultKind> = new Set(['drop-mid', 'truncated-json', 'malformed-json', 'slow']);

const PROXY_TITLES: Record<number, string> = {
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
};

/** The page nginx sends for a backend that is down, overloaded or too slow: what an app meets before Laravel. */
export function proxyPage(status: number): string {
  const title = `${status} ${PROXY_TITLES[status]}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/** What PHP prints before the JSON when a notice reaches the output (display_errors on): 200, not JSON. */
const PHP_WARNING =
  '<br />\n<b>Warning</b>:  Undefined array key "id" in <b>/var/www/html/app/Http/Controllers/Controller.php</b> on line <b>42</b><br />\n';

/** The headers and journal mark every failure outside the spec carries. */
function mark(request: FastifyRequest, reply: FastifyReply, kind: FaultKind, status: number): void {
  const { errors } = request.server.mock.ctx;
  request.forcedFault = kind;
  reply.headers(errors.FORCED_OUTSIDE_SPEC(status, request.operation?.operationId ?? '', kind).answerHeaders());
}

/** The exchange in the journal once its connection is gone without a finished answer. */
function journalWhenCut(request: FastifyRequest, reply: FastifyReply): void {
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) request.server.journalUnfinished(request, reply);
  });
}

/**
 * Ends the exchange with no byte: on a server, the response's destroy destroys its socket (a browser's
 * net::ERR_EMPTY_RESPONSE); under inject() (the MSW handlers), whose socket is a stand-in, it rejects the call.
 */
function cut(reply: FastifyReply): void {
  reply.raw.destroy();
}

/**
 * Acts on a failure outside the spec, after the rule's latency. `run()` lets the operation run (the
 * body kinds are made of its answer in onSendOutside). The latency has passed already, except for
 * `no-answer`, whose wait it is (the mock's bound when the rule gives none).
 */
export function forceOutside(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: FaultKind,
  taken: Taken,
  run: () => void,
): void {
  const { maxLatencyMs } = request.server.mock.ctx;
  const status = ANSWERED[kind];
  if (status !== undefined) {
    mark(request, reply, kind, status);
    if (kind === 'unavailable') reply.header('retry-after', String(taken.retry_after ?? DEFAULT_RETRY_AFTER));
    if (kind === 'server-error')
      void reply
        .code(500)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ message: 'Server Error' }));
    else void reply.code(status).type('text/html; charset=utf-8').send(proxyPage(status));
    return;
  }
  // Marked now: an exchange cut before any header is sent is journalled with them as they stand.
  mark(request, reply, kind, 0);
  journalWhenCut(request, reply);
  if (OF_THE_ANSWER.has(kind)) {
    request.faultRate = taken.bytes_per_second ?? DEFAULT_BYTES_PER_SECOND;
    run();
    return;
  }
  if (kind === 'drop') {
    cut(reply);
    return;
  }
  // no-answer: nothing until its time is up, then the connection closes as an idle timeout closes it.
  const ended = new AbortController();
  reply.raw.once('close', () => ended.abort());
  sleep(Math.min(taken.latency_ms ?? maxLatencyMs, maxLatencyMs), undefined, { signal: ended.signal }).then(
    () => cut(reply),
    () => undefined, // the connection closed first (the client gave up, or the mock closed)
  );
}

/** The onSend step of the kinds made of the operation's answer; any other answer passes as it is. */
export function onSendOutside(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): string | Buffer | Readable | unknown {
  const kind = request.forcedFault;
  if (kind === null || !OF_THE_ANSWER.has(kind)) return payload;
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(typeof payload === 'string' ? payload : '');
  mark(request, reply, kind, reply.statusCode);
  switch (kind) {
    case 'truncated-json':
      return body.subarray(0, Math.floor(body.length / 2));
    case 'malformed-json':
      return Buffer.concat([Buffer.from(PHP_WARNING), body]);
    case 'drop-mid':
      reply.header('content-length', String(body.length));
      return halfThenCut(body);
    default: {
      reply.header('content-length', String(body.length));
      // Bounded: a rate too low for the answer to arrive within maxLatencyMs is raised until it does.
      const { maxLatencyMs } = request.server.mock.ctx;
      const rate = Math.max(request.faultRate, Math.ceil((body.length * 1000) / maxLatencyMs));
      return trickle(body, Math.max(1, Math.ceil((rate * TRICKLE_MS) / 1000)));
    }
  }
}

/** Half of the body (at least a byte), then an error, on which Fastify destroys the response. */
function halfThenCut(body: Buffer): Readable {
  let sent = false;
  let timer: NodeJS.Timeout | undefined;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
      } else if (!timer)
        // Asked for more: the half has gone to the socket; a moment for it to leave before the cut.
        timer = setTimeout(() => this.destroy(new Error('connection cut mid-answer by a fault')), 50);
    },
    destroy(err, cb) {
      clearTimeout(timer);
      cb(err);
    },
  });
}

/** The body in chunks of `chunk` bytes, one every TRICKLE_MS; stopped when the response is gone. */
function trickle(body: Buffer, chunk: number): Readable {
  let at = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Readable({
    read() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        const next = body.subarray(at, at + chunk);
        at += next.length;
        if (next.length) this.push(next);
        if (at >= body.length) this.push(null);
      }, TRICKLE_MS);
    },
    destroy(err, cb) {
      clearTimeout(timer);
      cb(err);
    },
  });
}
