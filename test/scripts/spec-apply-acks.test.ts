// spec:apply's acknowledgements: the breaking changes a learnt patch makes go
// into spec/breaking-changes.yaml with where they were learnt, so that the gate
// follows the learnt spec; the file keeps its comments and its lifecycle (one
// pull request's entries against `base`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { parse as parseYaml } from 'yaml';
import { acknowledgeBreaking, learntWhere } from '../../scripts/spec-apply-acks.js';
import { buildSpec, type RawNode } from '../../spec/load.js';
import { spec } from '../helpers/mock.js';

const before = await spec();
/** The learnt change that breaks clients: 422 bodies without `status` (Laravel's). */
const raw = structuredClone(before.raw) as RawNode;
raw.components.schemas.ValidationError.allOf[0] = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' }, status: { type: 'integer' } },
};
const after = await buildSpec(raw);

const FILE = '# kept comment\nacknowledged:\n';

function repo(ackText = FILE) {
  const dir = mkdtempSync(join(tmpdir(), 'acks-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '-q');
  const path = join(dir, 'breaking-changes.yaml');
  writeFileSync(path, ackText);
  git('add', '.');
  git('commit', '-qm', 'start');
  return { path, head: git('rev-parse', 'HEAD'), git };
}

t.test('each breaking change is acknowledged once, against HEAD, with where it was learnt', async (t) => {
  const r = repo();
  const acked = acknowledgeBreaking(before, after, 'staging.example.com on 2026-11-29', r.path);
  t.ok('acknowledged' in acked && acked.acknowledged > 0, JSON.stringify(acked));
  const text = readFileSync(r.path, 'utf8');
  t.match(text, /^# kept comment\nbase: [0-9a-f]{40}\nacknowledged:\n/, 'comments kept, base at the top');
  const file = parseYaml(text) as { base: string; acknowledged: Array<{ id: string; reason: string }> };
  t.equal(file.base, r.head);
  t.ok(file.acknowledged.every((a) => a.reason.startsWith('Learnt from staging.example.com on 2026-11-29')));
  t.ok(
    file.acknowledged.some((a) => a.id.includes('/status')),
    'the 422 status no longer required',
  );
  const again = acknowledgeBreaking(before, after, 'x', r.path);
  t.same(again, { acknowledged: 0 }, 'applied again: nothing added twice');
});

t.test("a base another branch left is replaced with this one's, and its entries dropped", async (t) => {
  const r = repo(
    `${FILE}base: 0123456789abcdef0123456789abcdef01234567\nacknowledged:\n  - id: other\n    reason: old\n`.replace(
      `${FILE}`,
      '',
    ),
  );
  acknowledgeBreaking(before, after, undefined, r.path);
  const file = parseYaml(readFileSync(r.path, 'utf8')) as {
    base: string;
    acknowledged: Array<{ id: string; reason: string }>;
  };
  t.equal(file.base, r.head);
  t.notOk(file.acknowledged.some((a) => a.id === 'other'));
  t.match(file.acknowledged[0]?.reason, /^Learnt from a deployment/);
});

t.test('no breaking change, nothing written; outside git, the changes are said, not written', async (t) => {
  const r = repo();
  t.same(acknowledgeBreaking(before, before, 'x', r.path), { acknowledged: 0 });
  t.equal(readFileSync(r.path, 'utf8'), FILE);
  const outside = join(mkdtempSync(join(tmpdir(), 'no-git-')), 'breaking-changes.yaml');
  writeFileSync(outside, FILE);
  const acked = acknowledgeBreaking(before, after, 'x', outside);
  t.ok('unacknowledged' in acked && acked.unacknowledged.length > 0);
  t.equal(readFileSync(outside, 'utf8'), FILE);
});

t.test('where a patch was learnt is the first x-learned up to its colon', async (t) => {
  t.equal(learntWhere([3, 'h:1 on 2026-11-29: signin answered 422']), 'h:1 on 2026-11-29');
  t.equal(learntWhere([]), undefined);
});
