// Change ids (spec/diff/operations.ts): short and stable (kind, operation,
// location, and a hash of what changed, not the message itself); the long ids of
// earlier versions still acknowledge their change, with a note naming the new id
// (spec/diff/acknowledge.ts, spec/diff/render-acks.ts).

import t from 'tap';
import { judge } from '../../../spec/diff/acknowledge.js';
import { legacyChangeId } from '../../../spec/diff/operations.js';
import { renderDiffHuman, renderDiffMarkdown } from '../../../spec/diff/render.js';
import { client, diff, update } from '../../helpers/diff-fixture.js';

const renameName = (d: Record<string, any>) => {
  client(d).properties.full_name = client(d).properties.name;
  delete client(d).properties.name;
};

t.test('an id is rule, operation, location and a short hash: the message is not in it', async (t) => {
  const changes = await diff(renameName);
  const removed = changes.find((c) => c.kind === 'response-property-removed')!;
  t.match(removed.message, /renamed to "full_name"\?/);
  t.match(removed.id, /^response-property-removed:POST \/client\/list:response 200 \/data\/\[\]\/name@[0-9a-f]{8}$/);
  t.notOk(removed.id.includes(removed.message), 'no human message in the id');
  t.same(
    (await diff(renameName)).map((c) => c.id),
    changes.map((c) => c.id),
    'the same change, the same id',
  );
});

t.test('two changes at one place have two ids', async (t) => {
  const toNullable = (await diff((d) => (client(d).properties.name.type = ['string', 'null']))).find(
    (c) => c.breaking,
  )!;
  const toObject = (await diff((d) => (client(d).properties.name.type = 'object'))).find((c) => c.breaking)!;
  t.equal(toNullable.location, toObject.location);
  t.not(toNullable.id, toObject.id);
  const both = await diff((d) => {
    const content = update(d).requestBody.content;
    content['application/x-www-form-urlencoded'] = content['application/json'];
    content['multipart/form-data'] = content['application/json'];
  });
  const added = both.filter((c) => c.kind === 'request-media-type-added');
  t.equal(added.length, 2);
  t.not(added[0]!.id, added[1]!.id);
});

t.test('the long id of earlier versions still acknowledges its change, with a note naming the new id', async (t) => {
  const changes = await diff((d) => delete client(d).properties.name);
  const change = changes.find((c) => c.breaking)!;
  const old = legacyChangeId(change);
  t.equal(old, `${change.kind}:${change.operation}:${change.location}:${change.message}`, 'the former id');
  const verdict = judge(changes, [{ id: old, reason: 'no client reads name' }]);
  t.same(verdict.unacknowledged, []);
  t.same(verdict.unused, []);
  t.same(verdict.legacy, [{ old, id: change.id }]);
  const human = renderDiffHuman({ base: 'a', head: 'b', verdict });
  t.match(human, `note: acknowledgement "${old}" uses the long id of earlier versions: replace it with "${change.id}"`);
  t.match(renderDiffMarkdown({ base: 'a', head: 'b', verdict }), /1 acknowledgement\(s\) use the long ids/);
});

t.test('many long ids: one line, and --verbose lists each new id', async (t) => {
  const changes = await diff((d) => {
    delete client(d).properties.name;
    delete client(d).properties.id;
  });
  const acks = changes.filter((c) => c.breaking).map((c) => ({ id: legacyChangeId(c), reason: 'r' }));
  t.ok(acks.length >= 2);
  const verdict = judge(changes, acks);
  const quiet = renderDiffHuman({ base: 'a', head: 'b', verdict });
  t.match(
    quiet,
    `note: ${acks.length} acknowledgements use the long ids of earlier versions (--verbose gives the new ids)`,
  );
  t.equal(quiet.split('\n').filter((l) => l.includes('long id')).length, 1);
  const loud = renderDiffHuman({ base: 'a', head: 'b', verdict, verbose: true });
  for (const l of verdict.legacy) t.match(loud, `replace it with "${l.id}"`);
});
