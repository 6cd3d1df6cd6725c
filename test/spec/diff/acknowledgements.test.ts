// spec/diff/acknowledge.ts and render-acks.ts: the file names the base its
// acknowledgements are made against; an acknowledgement that matches nothing is
// listed one by one only when the comparison starts from that base (or with
// --verbose), else one line; the Markdown snippet pastes under `acknowledged:`.

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parse } from 'yaml';
import { judge, readAcknowledgements, startsFromBase } from '../../../spec/diff/acknowledge.js';
import { renderDiffHuman, renderDiffJson, renderDiffMarkdown } from '../../../spec/diff/render.js';
import { SPEC_PATH } from '../../../spec/load.js';
import { client, diff } from '../../helpers/diff-fixture.js';

const stale = [
  { id: 'response-property-removed:POST /x:response 200 /a@00000000', reason: 'merged long ago' },
  { id: 'response-property-removed:POST /x:response 200 /b@00000000', reason: 'merged long ago' },
];

t.test('the file: a base and its entries; an empty list; a base that is not a string is refused', async (t) => {
  const dir = t.testdir({
    'full.yaml': 'base: abc123\nacknowledged:\n  - id: "a@1"\n    reason: "r"\n',
    'empty.yaml': '# nothing acknowledged\nacknowledged:\n',
    'bad.yaml': 'base: [1]\nacknowledged:\n',
  });
  t.same(readAcknowledgements(join(dir, 'full.yaml')), { base: 'abc123', entries: [{ id: 'a@1', reason: 'r' }] });
  t.same(readAcknowledgements(join(dir, 'empty.yaml')), { entries: [] });
  t.throws(() => readAcknowledgements(join(dir, 'bad.yaml')), /"base" must be a git commit/);
});

t.test('a comparison starts from the base when its document is the base commit spec', async (t) => {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const atHead = execFileSync('git', ['show', 'HEAD:spec/openapi.yaml'], { encoding: 'utf8' });
  t.ok(startsFromBase({ base: head, entries: [] }, atHead));
  t.notOk(startsFromBase({ base: head, entries: [] }, `${atHead}\n# changed`), 'another document');
  t.notOk(startsFromBase({ base: 'no-such-commit-xyz', entries: [] }, atHead), 'a base git cannot show');
  t.notOk(startsFromBase({ entries: [] }, readFileSync(SPEC_PATH, 'utf8')), 'no base named');
});

t.test('stale acknowledgements: one line from another base, each from their own or with --verbose', async (t) => {
  const verdict = judge(await diff((d) => delete client(d).properties.name), stale);
  t.equal(verdict.unused.length, 2);
  const elsewhere = renderDiffHuman({ base: 'a', head: 'b', verdict, acks: { base: 'abc123', fromBase: false } });
  const notes = elsewhere.split('\n').filter((l) => l.includes('note:'));
  t.same(notes, [
    '  note: 2 acknowledgement(s) match no change here: they are for the changes from base abc123 (--verbose lists them)',
  ]);
  const own = renderDiffHuman({ base: 'a', head: 'b', verdict, acks: { base: 'abc123', fromBase: true } });
  for (const a of stale)
    t.match(own, `note: acknowledgement "${a.id}" matches no change from its base abc123: remove it`);
  const verbose = renderDiffHuman({ base: 'a', head: 'b', verdict, verbose: true, acks: { fromBase: false } });
  for (const a of stale) t.match(verbose, `note: acknowledgement "${a.id}" matches no change here`);
  const md = renderDiffMarkdown({ base: 'a', head: 'b', verdict, acks: { base: 'abc123', fromBase: false } });
  t.equal(md.split('\n').filter((l) => l.includes('match no change')).length, 1, 'one line in the Markdown report');
  t.notMatch(md, stale[0]!.id);
  const mdOwn = renderDiffMarkdown({ base: 'a', head: 'b', verdict, acks: { base: 'abc123', fromBase: true } });
  t.match(mdOwn, /:warning: 2 acknowledgement\(s\) .* match no change from their base `abc123`: remove them/);
  const json = JSON.parse(renderDiffJson({ base: 'a', head: 'b', verdict, acks: { base: 'abc123', fromBase: false } }));
  t.same(json.unused_acknowledgements, stale, 'JSON keeps them all');
  t.same(json.acknowledgements, { base: 'abc123', from_base: false, legacy: [] });
});

t.test("the snippet pastes under the file's acknowledged: key as valid YAML, naming the base commit", async (t) => {
  const changes = await diff((d) => {
    delete client(d).properties.name;
    client(d).properties.id.type = 'string';
  });
  const verdict = judge(changes, []);
  const md = renderDiffMarkdown({ base: 'main', head: 'pr', verdict, baseCommit: 'f00dcafe'.repeat(5) });
  t.match(md, `set \`base: ${'f00dcafe'.repeat(5)}\` at the top of the file`);
  const snippet = /```yaml\n([\s\S]*?)```/.exec(md)![1]!;
  t.notMatch(snippet, /^acknowledged:/m, 'the snippet does not repeat the key');
  const committed = readFileSync(new URL('../../../spec/breaking-changes.yaml', import.meta.url), 'utf8');
  const dir = t.testdir();
  const pasted = join(dir, 'acks.yaml');
  // The committed file's header and key, whatever entries it holds now (a learnt change's, say).
  const header = committed.replace(/^base:.*\n/m, '').split(/^acknowledged:/m)[0];
  writeFileSync(pasted, `base: ${'f00dcafe'.repeat(5)}\n${header}acknowledged:\n${snippet}`);
  t.doesNotThrow(() => parse(readFileSync(pasted, 'utf8')));
  const file = readAcknowledgements(pasted);
  t.same(
    file.entries.map((e) => e.id),
    verdict.unacknowledged.map((c) => c.id),
  );
  t.same(judge(changes, file.entries).unacknowledged, [], 'the pasted entries acknowledge the changes');
  const twice = `${snippet}${snippet}`;
  t.doesNotThrow(() => parse(`acknowledged:\n${twice}`), 'a second paste under the first stays valid');
  t.match(
    renderDiffMarkdown({ base: 'x.yaml', head: 'y', verdict }),
    /set `base:` \(the commit these changes are made against\)/,
  );
  t.match(
    renderDiffHuman({ base: 'main', head: 'pr', verdict, baseCommit: 'f00dcafe'.repeat(5) }),
    `FAIL: 2 breaking change(s) not acknowledged in spec/breaking-changes.yaml (their base: ${'f00dcafe'.repeat(5)})`,
  );
});
