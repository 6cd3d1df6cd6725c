// The floor of the comparison: bare Fastify answering precomputed bodies, no
// validation, no auth, nothing else. Reads {port, bodies} from argv.
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const { readFileSync } = await import('node:fs');
const bodies = JSON.parse(readFileSync(file!, 'utf8')) as { list: string; plans: string };
const app = Fastify();
app.post('/api/v1/client/list', (_req, reply) => reply.type('application/json; charset=utf-8').send(bodies.list));
app.get('/api/v1/plans/index', (_req, reply) => reply.type('application/json; charset=utf-8').send(bodies.plans));
await app.listen({ host: '127.0.0.1', port: Number(port) });
