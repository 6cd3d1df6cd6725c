// spec/openapi.yaml against sections 3 and 5 of the interface document: the
// platform header, the two credential schemes and the token life cycle.

import t from 'tap';
import { spec } from '../helpers/loaded-spec.js';
import * as facts from './document-facts.js';

t.test('platform header on every operation; api-key documented on every operation', async (t) => {
  for (const op of spec.operations) {
    const platform = op.parameters.find((p) => p.in === 'header' && p.name === 'platform');
    t.ok(platform?.required, `${op.operationId} requires platform`);
    t.same(platform?.schema.enum, facts.platformValues, `${op.operationId} platform values`);
    t.ok(
      op.parameters.some((p) => p.in === 'header' && p.name === 'api-key'),
      `${op.operationId} api-key`,
    );
  }
});

t.test('bearer and X-API-Token are alternative schemes on protected operations', async (t) => {
  const schemes = spec.document.components.securitySchemes;
  const bearer = Object.entries<any>(schemes).find(([, s]) => s.type === 'http' && s.scheme === 'bearer');
  const header = Object.entries<any>(schemes).find(
    ([, s]) => s.type === 'apiKey' && s.in === 'header' && s.name === 'X-API-Token',
  );
  t.ok(bearer && header, 'both schemes are declared');
  for (const op of spec.operations) {
    const rawOp = spec.raw.paths[op.path][op.method];
    const security: Array<Record<string, unknown>> = rawOp.security ?? spec.raw.security;
    if (op.isPublic) {
      t.same(security, [], `${op.operationId} is open`);
      continue;
    }
    t.same(
      security.map((r) => Object.keys(r)),
      [[bearer![0]], [header![0]]],
      `${op.operationId}: either scheme alone suffices`,
    );
  }
});

t.test('the token life cycle of sections 3 and 5 is stated', async (t) => {
  const text =
    `${spec.raw.info.description} ${spec.raw.components.securitySchemes.bearerAuth.description}`.toLowerCase();
  for (const fact of [
    'do not expire',
    'password change',
    'logout',
    'deactivation',
    'security breach',
    'several devices',
  ])
    t.match(text, fact);
});
