// Regression: a deployment whose client/update silently drops one field (a
// Spring DTO property without its @JsonProperty: the value is ignored, the old
// one kept) passed, because the update sequence changed only the quote number,
// the city and end_client_known. Now every optional string the update takes and
// client/list gives back is changed and read back, whichever field is dropped:
// one row per field, read from the spec.
import t from 'tap';
import { updatableStrings } from '../../contracts/checks/client-fields.js';
import { runContracts } from '../../contracts/runner.js';
import { brokenServer, forwardBody } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };

t.test('every updatable field the listing gives back is written and read back', async (t) => {
  const loaded = await spec();
  const fields = updatableStrings(loaded).filter((f) => !f.required);
  t.ok(fields.length >= 10, `the spec gives ${fields.length} optional fields to change`, { fields });
  t.ok(
    fields.some((f) => f.name === 'billing_city') && !fields.some((f) => f.name === 'phone'),
    'billing_city is among them; phone (not returned in listings) is not',
  );
  for (const field of fields.map((f) => f.name)) {
    t.test(`client/update drops ${field}`, async (t) => {
      const url = await brokenServer(t, async (ctx) => {
        if (ctx.path !== '/client/update') return undefined;
        const body = JSON.parse(String(ctx.request.body || '{}')) as Record<string, unknown>;
        delete body[field];
        return forwardBody(ctx, body);
      });
      const report = await runContracts(
        {
          baseUrl: url,
          world: 'default',
          credentials: demo,
          timeoutMs: 5000,
          allowWrites: true,
          checks: ['sequences:update'],
        },
        loaded,
      );
      const seq = report.results.find((r) => r.id === 'sequences:update-then-read');
      t.equal(seq?.verdict, 'fail', `${field} dropped: the sequence fails`);
      t.match(
        seq?.problems.map((p) => p.message).join('\n'),
        new RegExp(`shows client \\d+'s ${field} as `),
        `it names ${field}`,
      );
    });
  }
});
