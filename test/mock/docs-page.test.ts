// What the /docs page shows comes from /openapi.json (mock/pages/docs.ts and the
// spec): no license line that says nothing, and "Try it out" pre-filled with
// values that agree with the body's example (issue 29).
import t from 'tap';
import { specFor } from '../../mock/pages/docs.js';
import type { RawNode } from '../../spec/load.js';
import { spec, testMock } from '../helpers/mock.js';

t.test('the info block shows no license that says nothing', async (t) => {
  const mock = await testMock(t);
  const json = await mock.app.inject({ url: '/openapi.json' });
  t.equal(json.json().info.license, undefined, '/openapi.json (what /docs renders) has no license');
  t.notMatch(json.body, /UNLICENSED/i);
  t.notMatch((await mock.app.inject({ url: '/openapi.yaml' })).body, /UNLICENSED/i, 'nor the spec as written');
  const info = (license: RawNode) => specFor({ info: { title: 'x', version: '1', license } }, 'http://h').info;
  t.equal(info({ name: 'UNLICENSED', identifier: 'UNLICENSED' }).license, undefined, "a spec's UNLICENSED is left out");
  t.equal(info({ name: '' }).license, undefined, 'so is a blank name');
  t.same(info({ name: 'MIT', identifier: 'MIT' }).license, { name: 'MIT', identifier: 'MIT' }, 'a real one stays');
  t.same(info({ name: 'Proprietary', url: 'https://example.com/terms' }).license.name, 'Proprietary');
});

t.test('"Try it out" pre-fills query values that agree with the body example and the answer shown', async (t) => {
  for (const op of (await spec()).operations) {
    const body = (op.requestBody?.examples[0] ?? {}) as Record<string, unknown>;
    const success = op.responses['200']?.examples[0] as { data?: { current_page?: unknown } } | undefined;
    for (const p of op.parameters.filter((p) => p.in === 'query' && p.example !== undefined)) {
      if (p.name in body) t.equal(p.example, body[p.name], `${op.operationId}: ?${p.name}= agrees with the body's`);
      if (p.name === 'page' && success?.data?.current_page !== undefined)
        t.equal(p.example, success.data.current_page, `${op.operationId}: ?page= is the page the example answer shows`);
    }
  }
});
