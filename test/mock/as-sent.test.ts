// Bytes a route sends reach the client as they are under a test environment
// whose ArrayBuffer is another realm's (Vitest's jsdom, set up by Vitest's own
// code): Fastify takes a Buffer there for a value to serialize, and asSent()
// is what keeps a response schema's serializer away from it.
import Fastify from 'fastify';
import t from 'tap';
import { builtinEnvironments } from 'vitest/environments';
import { asSent } from '../../mock/pipeline/as-sent.js';

const text = JSON.stringify({ message: 'Clients get successfully.', data: 'x'.repeat(3000) });
const schema = {
  response: {
    200: { type: 'object', required: ['message', 'data'], properties: { message: { type: 'string' }, data: {} } },
  },
};

async function answers(send: 'as sent' | 'bare') {
  const app = Fastify();
  app.post('/bytes', { schema }, (_request, reply) => {
    const bytes = Buffer.from(text);
    reply.type('application/json; charset=utf-8');
    return send === 'as sent' ? asSent(reply, bytes) : bytes;
  });
  app.post('/text', { schema }, (_request, reply) => asSent(reply, text));
  try {
    const bytes = await app.inject({ method: 'POST', url: '/bytes' });
    const plain = await app.inject({ method: 'POST', url: '/text' });
    return { bytes: [bytes.statusCode, bytes.body] as const, text: [plain.statusCode, plain.body] as const };
  } finally {
    await app.close();
  }
}

t.test('under Node’s globals, bytes are sent as they are, marked or not', async (t) => {
  t.same((await answers('as sent')).bytes, [200, text]);
  t.same((await answers('bare')).bytes, [200, text]);
  t.same((await answers('as sent')).text, [200, text], 'a string is left to Fastify');
});

t.test('under Vitest’s jsdom environment, only bytes marked by asSent() are', async (t) => {
  const env = await builtinEnvironments.jsdom.setup(globalThis, {} as never);
  try {
    t.notOk(Buffer.from(text).buffer instanceof ArrayBuffer, 'a Node Buffer is no instance of the global ArrayBuffer');
    t.same((await answers('as sent')).bytes, [200, text]);
    t.same((await answers('as sent')).text, [200, text], 'a string is left to Fastify');
    // What asSent() is for: Fastify gives the bytes to the schema's serializer, which finds no `message`.
    t.equal((await answers('bare')).bytes[0], 500, 'unmarked bytes fail');
  } finally {
    await env.teardown(globalThis);
  }
});
