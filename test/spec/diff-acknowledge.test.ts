// spec/diff/acknowledge.ts: which breaking changes an acknowledgement covers,
// and the verdict as spec/diff/render.ts writes it for a pull request.

import t from 'tap';
import { judge } from '../../spec/diff/acknowledge.js';
import { renderDiffMarkdown } from '../../spec/diff/render.js';
import { client, diff } from '../helpers/diff-fixture.js';

t.test('regression: an acknowledgement covers only the change it names', async (t) => {
  const toNullable = await diff((d) => (client(d).properties.name.type = ['string', 'null']));
  const toObject = await diff((d) => (client(d).properties.name.type = 'object'));
  const ack = [{ id: toNullable.find((c) => c.breaking)!.id, reason: 'clients handle null' }];
  t.same(judge(toNullable, ack).unacknowledged, []);
  t.equal(
    judge(toObject, ack).unacknowledged.length,
    1,
    'string → object is not covered by the string → null|string acknowledgement',
  );
});

t.test('acknowledged breaking changes pass; unknown acknowledgements are reported', async (t) => {
  const changes = await diff((d) => delete client(d).properties.name);
  const id = changes.find((c) => c.breaking)!.id;
  const v = judge(changes, [
    { id, reason: 'no client reads name' },
    { id: 'nothing:here', reason: 'old' },
  ]);
  t.same(v.unacknowledged, []);
  t.same(
    v.unused.map((a) => a.id),
    ['nothing:here'],
  );
  const md = renderDiffMarkdown({ base: 'main', head: 'pr', verdict: judge(changes, []) });
  t.match(md, /:x: \*\*1 breaking change\(s\) not acknowledged\*\*/);
  t.match(md, `- id: ${JSON.stringify(id)}`);
});
