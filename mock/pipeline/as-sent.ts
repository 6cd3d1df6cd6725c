// Bytes a route sends, sent as they are whatever realm the globals come from.
// Fastify tells bytes from a value to serialize by `payload.buffer instanceof
// ArrayBuffer`, the global ArrayBuffer of the moment. A test environment that
// emulates a browser in the same process (Vitest's jsdom, where an app's unit
// tests meet the mock through MSW) puts another realm's ArrayBuffer and typed
// arrays on globalThis, so a Node Buffer fails that test and went to the
// route's schema serializer as if it were the answer's value (a 500). A reply
// serializer that passes bytes through is reached only then; under Node's own
// globals Fastify sends the bytes before it. Every Buffer a route sends goes
// through asSent().
import { Buffer } from 'node:buffer';
import type { FastifyReply } from 'fastify';

// Typed as giving a string; Fastify sends a Buffer from a serializer as it is.
const asItIs = (payload: unknown) => payload as string;

/** The payload to send: bytes marked to be sent as they are; a string (or anything else) untouched. */
export function asSent<T>(reply: FastifyReply, payload: T): T {
  if (Buffer.isBuffer(payload)) reply.serializer(asItIs);
  return payload;
}
