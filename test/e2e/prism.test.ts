// Prism (5.14) loads the spec and serves every operation from its examples,
// so a stateless mock can stand in for the service from the spec alone.

import t from 'tap';
import { prismStatic } from '../../scripts/implementations/servers.js';
import { loadSpec, type OperationEntry, successStatus } from '../../spec/load.js';

const spec = await loadSpec();
const prism = await prismStatic();
const base = prism.url;
t.teardown(prism.stop);

function requestFor(op: OperationEntry, { auth = true } = {}): [string, RequestInit] {
  // Prism serves the paths at its root; it ignores the server's /api/v1 prefix.
  let path = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) path = path.replace(`{${p.name}}`, String(p.example));
  const headers: Record<string, string> = { platform: 'WEB', accept: 'application/json' };
  if (auth && !op.isPublic) headers.authorization = 'Bearer prism-test-token';
  const init: RequestInit = { method: op.method.toUpperCase(), headers, signal: AbortSignal.timeout(10_000) };
  if (op.requestBody) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(op.requestBody.examples[0] ?? {});
  }
  return [`${base}${path}`, init];
}

t.test('every operation is served from its example', async (t) => {
  for (const op of spec.operations) {
    const [url, init] = requestFor(op);
    const res = await fetch(url, init);
    const status = successStatus(op);
    t.equal(String(res.status), status, `${op.operationId} answers ${status}`);
    t.same(await res.json(), op.responses[status]!.examples[0], `${op.operationId} body is its first example`);
  }
});

t.test('protected operations refuse a call without credentials with the documented 401', async (t) => {
  for (const op of spec.operations.filter((o) => !o.isPublic)) {
    const [url, init] = requestFor(op, { auth: false });
    const res = await fetch(url, init);
    t.equal(res.status, 401, `${op.operationId} 401`);
    t.same(await res.json(), op.responses['401']!.examples[0], `${op.operationId} 401 body`);
  }
});
