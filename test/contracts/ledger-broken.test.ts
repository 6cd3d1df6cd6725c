// The assumption ledger against deployments that differ from the mock where the
// document is silent: each difference is a contradicted assumption, with the
// exchange that shows it and a change to spec/openapi.yaml (or why none can be
// derived), and the rest stay confirmed; against the mock itself, nothing is
// contradicted (test/contracts/runner.test.ts).
import { readFile } from 'node:fs/promises';
import t, { type Test } from 'tap';
import { parse } from 'yaml';
import { applyPatchToYaml } from '../../contracts/measures/patch.js';
import { runContracts } from '../../contracts/runner.js';
import type { RunReport } from '../../contracts/types.js';
import { SPEC_PATH } from '../../spec/load.js';
import { brokenServer, type Defect, relay } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };

async function run(t: Test, defect: Defect): Promise<RunReport> {
  const url = await brokenServer(t, defect);
  return runContracts({ baseUrl: url, credentials: demo, timeoutMs: 5000 }, await spec());
}

/** Each deployment differs from the mock on one assumption, named by the pointer the ledger must give. */
const FORMS: Array<{ name: string; defect: Defect; pointer: RegExp }> = [
  {
    name: 'a missing platform header refused with 422, not the assumed 400',
    pointer: /^\/components\/responses\/BadRequest$|platform/,
    defect: async ({ request, reply, forward }) => {
      if (request.headers.platform) return undefined;
      const r = await forward({ platform: 'WEB' });
      const body = { message: 'The platform field is required.', status: 422 };
      return relay(reply, { ...r, status: 422, body });
    },
  },
  {
    name: 'a logout that ends every session of the account, not only the presented token',
    pointer: /^\/paths\/~1user~1logout\/post/,
    defect: (() => {
      let loggedOut = false;
      return async ({ path, request, reply, forward }) => {
        if (path === '/user/logout') loggedOut = true;
        // After a logout, the run's own session (any token of the account) is refused too.
        if (loggedOut && path === '/user/get_profile' && request.headers.authorization)
          return relay(reply, {
            status: 401,
            headers: { 'content-type': 'application/json' },
            body: { message: 'Unauthenticated.', status: 401 },
          });
        return relay(reply, await forward());
      };
    })() as Defect,
  },
];

for (const form of FORMS)
  t.test(`the ledger: ${form.name}`, async (t) => {
    const report = await run(t, form.defect);
    const ledger = report.ledger!;
    t.ok(ledger, 'the report carries the ledger');
    t.match(ledger.headline, /agrees with this deployment on \d+ of \d+ assumptions observed/);
    const contradicted = ledger.entries.filter((e) => e.status === 'contradicted');
    t.ok(contradicted.length >= 1, 'at least one assumption contradicted');
    t.equal(ledger.contradicted, contradicted.length, 'the count says so');
    t.ok(ledger.confirmed > 0, 'the others the run saw stay confirmed');
    const entry = contradicted.find((e) => form.pointer.test(e.id));
    t.ok(
      entry,
      `the contradicted assumption is the one the deployment differs on (${contradicted.map((e) => e.id).join(', ')})`,
    );
    if (!entry) return;
    const resting = report.results.flatMap((r) => r.problems).filter((p) => p.assumption === entry.id);
    t.ok(resting.length > 0, 'findings rest on it');
    t.ok(
      resting.every((p) => p.severity === 'observation'),
      'as observations (not failures)',
    );
    t.ok(entry.contradictions?.length, 'with the findings that contradict it');
    t.ok(
      entry.contradictions!.some((c) => c.reproduce?.response?.status !== undefined && c.reproduce.curl),
      'and the exchange that shows it',
    );
    t.ok(entry.patch?.length || entry.noPatch, 'a change to the spec, or why none can be derived');
    if (entry.patch?.length) {
      const text = await readFile(SPEC_PATH, 'utf8');
      const patched = applyPatchToYaml(text, entry.patch);
      t.not(patched, text, 'the patch changes the spec');
      t.doesNotThrow(() => parse(patched), 'and leaves it YAML');
    }
  });
