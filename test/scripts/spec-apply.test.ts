// npm run spec:apply: a patch applies to the spec in place, keeping its
// comments and layout, or changes nothing and says why in one line (exit 2),
// whatever is wrong with it: the file, the JSON, an operation, the spec it
// was made against, or the spec it would leave.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { main } from '../../scripts/spec-apply.js';
import { writtenSpecText } from '../../spec/learnt.js';
import { SPEC_PATH } from '../../spec/load.js';

// The spec as written: a patch the project's spec learnt (spec/learnt.json) does not change what is tested here.
const ORIGINAL = writtenSpecText(readFileSync(SPEC_PATH, 'utf8'));
const LIMIT = '/components/schemas/ClientListRequest/properties/limit';

function scratch(patch: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'spec-apply-'));
  const spec = join(dir, 'openapi.yaml');
  const file = join(dir, 'patch.json');
  writeFileSync(spec, ORIGINAL);
  writeFileSync(file, typeof patch === 'string' ? patch : JSON.stringify(patch));
  const said = { stdout: [] as string[], stderr: [] as string[] };
  const out = { stdout: (s: string) => said.stdout.push(s), stderr: (s: string) => said.stderr.push(s) };
  return { spec, file, said, run: (...extra: string[]) => main([file, '--spec', spec, ...extra], out) };
}

t.test('a patch applies in place, marks where it was learnt and keeps comments and layout', async (t) => {
  const s = scratch([
    { op: 'test', path: `${LIMIT}/maximum`, value: 100 },
    { op: 'remove', path: `${LIMIT}/maximum` },
    { op: 'add', path: `${LIMIT}/x-learned`, value: 'staging.example.com on 2026-11-29: limit 101 answered 200' },
  ]);
  t.equal(await s.run(), 0);
  const after = readFileSync(s.spec, 'utf8');
  t.match(after, /x-learned: .*staging\.example\.com on 2026-11-29/);
  const lines = (x: string) => x.split('\n');
  // Every comment of the spec is still there, and no line but the limit's changed.
  const comments = (x: string) => lines(x).filter((l) => l.trimStart().startsWith('#'));
  t.same(comments(after), comments(ORIGINAL));
  t.ok(lines(ORIGINAL).length - lines(after).length < 3, 'a change of a line or two, not a rewrite');
  t.match(s.said.stdout.join('\n'), /applied 1 change\(s\), 1 point\(s\) marked/);
  t.match(s.said.stdout.join('\n'), /nothing was regenerated/, "another file than the project's spec is changed alone");
});

t.test('a list written on one line is replaced on one line', async (t) => {
  const matches = '/paths/~1client~1list/post/x-list/search/matches';
  const s = scratch([{ op: 'replace', path: matches, value: ['name', 'surname'] }]);
  t.equal(await s.run(), 0);
  t.match(readFileSync(s.spec, 'utf8'), /\n {10}matches: \[name, surname\]\n/);
});

t.test('--dry-run checks the patch and changes nothing', async (t) => {
  const s = scratch([{ op: 'remove', path: `${LIMIT}/maximum` }]);
  t.equal(await s.run('--dry-run'), 0);
  t.equal(readFileSync(s.spec, 'utf8'), ORIGINAL);
  t.match(s.said.stdout.join('\n'), /applies .* nothing changed \(--dry-run\)/);
});

const REFUSED: Array<[string, unknown, RegExp]> = [
  ['not JSON', '[{"op":', /is not JSON/],
  ['not an array', { op: 'remove', path: LIMIT }, /RFC 6902 wants a JSON array/],
  ['an operation this tool does not apply', [{ op: 'move', from: '/a', path: '/b' }], /operation 1 has op "move"/],
  ['an operation without its value', [{ op: 'add', path: `${LIMIT}/maximum` }], /operation 1 \(add .*\) has no value/],
  ['a path that is no pointer', [{ op: 'remove', path: 'components' }], /operation 1 has no JSON pointer/],
  [
    'a test the spec fails (made against another spec, or applied twice)',
    [
      { op: 'test', path: `${LIMIT}/maximum`, value: 500 },
      { op: 'remove', path: `${LIMIT}/maximum` },
    ],
    /does not apply .*: test .*maximum: the spec holds something else there/,
  ],
  ['a node the spec lacks', [{ op: 'remove', path: '/components/schemas/NoSuchSchema' }], /no such node in the spec/],
  [
    'a spec the mock cannot start from',
    [{ op: 'replace', path: `${LIMIT}/type`, value: 'whole-number' }],
    /the patched spec is not one the mock can start from/,
  ],
];

for (const [what, patch, says] of REFUSED)
  t.test(`refused, changing nothing: ${what}`, async (t) => {
    const s = scratch(patch);
    t.equal(await s.run(), 2);
    t.equal(readFileSync(s.spec, 'utf8'), ORIGINAL, 'the spec is as it was');
    t.equal(s.said.stderr.length, 1, 'one line');
    t.match(s.said.stderr[0], says);
    t.match(s.said.stderr[0], /nothing was changed$/);
  });

t.test('usage: one FILE, and a file that cannot be read', async (t) => {
  const s = scratch([]);
  const said: string[] = [];
  const out = { stdout: (x: string) => said.push(x), stderr: (x: string) => said.push(x) };
  t.equal(await main(['--spec', s.spec], out), 2);
  t.match(said.join('\n'), /give one FILE/);
  t.equal(await main([join(tmpdir(), 'no-such-patch.json'), '--spec', s.spec], out), 2);
  t.match(said.at(-1), /cannot be read \(ENOENT\); nothing was changed/);
  t.equal(await main(['--help'], out), 0);
  t.match(said.at(-1), /npm run spec:apply -- FILE/);
});
