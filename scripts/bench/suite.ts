// Contract-suite speed: a whole read-only run against the local mock, and the
// validations per second of the compiled validators.

import { runContracts } from '../../contracts/runner.js';
import { createExchangeValidator } from '../../spec/exchange.js';
import { loadSpec } from '../../spec/load.js';
import { authHeaders, demoToken, freePort, mockArgs, startServer } from './processes.js';

export async function suiteSpeed(): Promise<string> {
  const spec = await loadSpec();
  const port = await freePort();
  const mock = await startServer([...mockArgs(), '--port', String(port), '--no-rate-limit'], port, '/__mock/accounts');
  let lines: string[];
  let listBody: unknown;
  try {
    const started = performance.now();
    const report = await runContracts(
      {
        baseUrl: mock.url,
        credentials: { email: 'demo@example.com', password: 'demo-password' },
        nosub: { email: 'nosub@example.com', password: 'demo-password' },
      },
      spec,
    );
    const ms = performance.now() - started;
    const c = report.summary.checks;
    lines = [
      `Read-only run with the no-plan account: ${c.total} checks (${c.passed} passed, ${c.failed} failed), ${report.summary.requests} requests, ${(ms / 1000).toFixed(2)} s (${Math.round(report.summary.requests / (ms / 1000))} requests/s).`,
    ];
    const token = await demoToken(mock.url);
    listBody = await (
      await fetch(`${mock.url}/api/v1/client/list`, {
        method: 'POST',
        headers: authHeaders(token),
        body: '{"limit":20}',
        signal: AbortSignal.timeout(10_000),
      })
    ).json();
  } finally {
    await mock.stop();
  }
  const compileStart = performance.now();
  const validator = createExchangeValidator(spec);
  const compileMs = performance.now() - compileStart;
  const exchange = {
    operationId: 'listClients',
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: listBody,
  };
  let n = 0;
  const end = performance.now() + 2000;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) validator.validate(exchange);
    n += 100;
  }
  lines.push(
    `Validators: ${validator.compiled} compiled once in ${Math.round(compileMs)} ms; ${Math.round(n / 2).toLocaleString('en')} validations/s of a client/list page of 20 (formats on).`,
  );
  return lines.join('\n');
}
