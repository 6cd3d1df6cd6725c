// What the spec learnt can be told from what was written: every patch
// spec:apply applies comes with the patch that undoes it, worked out on the
// document it was applied to, and undoing them gives back the written spec
// exactly: as data (the tests' spec) and as text (comments and layout kept).
import { readFileSync } from 'node:fs';
import t from 'tap';
import { parse as parseYaml } from 'yaml';
import type { PatchOperation } from '../../spec/finding.js';
import { withoutLearnt, writtenSpecText } from '../../spec/learnt.js';
import { SPEC_PATH } from '../../spec/load.js';
import { applyPatchToJson, applyPatchToYaml } from '../../spec/yaml-patch.js';

const ROWS: Array<[string, PatchOperation[]]> = [
  ['add a new member', [{ op: 'add', path: '/a/new', value: 1 }]],
  ['add over a member (it replaces)', [{ op: 'add', path: '/a/b', value: 'x' }]],
  ['add into a list', [{ op: 'add', path: '/list/1', value: 'in' }]],
  ['add at the end of a list', [{ op: 'add', path: '/list/-', value: 'end' }]],
  ['remove a member', [{ op: 'remove', path: '/a/b' }]],
  ['remove from a list', [{ op: 'remove', path: '/list/0' }]],
  ['replace a list with another', [{ op: 'replace', path: '/list', value: ['z'] }]],
  [
    'several on one node, tests skipped',
    [
      { op: 'test', path: '/a/b', value: 2 },
      { op: 'replace', path: '/a/b', value: 3 },
      { op: 'add', path: '/a/c', value: { d: [1] } },
      { op: 'remove', path: '/a/c/d/0' },
    ],
  ],
];

for (const [name, patch] of ROWS)
  t.test(`undone exactly: ${name}`, async (t) => {
    const written = { a: { b: 2 }, list: ['p', 'q'] };
    const doc = structuredClone(written);
    const undo = applyPatchToJson(doc, patch);
    t.notSame(doc, written, 'changed');
    applyPatchToJson(doc, undo);
    t.same(doc, written, 'and back');
  });

t.test('the learnt spec undone is the written spec, as data and as text', async (t) => {
  // The spec as written: the patch below is made against it, whatever the project's spec learnt since.
  const text = writtenSpecText(readFileSync(SPEC_PATH, 'utf8'));
  const patch: PatchOperation[] = [
    { op: 'test', path: '/x-situations/wrong-credentials/status', value: 401 },
    { op: 'replace', path: '/x-situations/wrong-credentials/status', value: 422 },
    {
      op: 'add',
      path: '/x-situations/wrong-credentials/message',
      value: 'These credentials do not match our records.',
    },
    { op: 'replace', path: '/paths/~1client~1list/post/x-list/search/matches', value: ['name', 'surname'] },
    {
      op: 'replace',
      path: '/components/schemas/ValidationError/allOf/0',
      value: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    },
    { op: 'remove', path: '/components/schemas/ClientListRequest/properties/limit/maximum' },
    { op: 'add', path: '/x-platform-refusal/x-learned', value: 'h on 2026-11-29: served' },
  ];
  const undo = applyPatchToJson(parseYaml(text), patch);
  const learnt = [{ learnt: 'h on 2026-11-29', applied: '2026-11-29T00:00:00Z', changes: 6, undo }];
  const patched = applyPatchToYaml(text, patch);
  t.not(patched, text);
  t.same(withoutLearnt(parseYaml(patched), learnt), parseYaml(text), 'as data');
  // Line for line: a member put back after its removal comes last in its map (YAML's order is not meaning).
  const lines = (x: string) => x.split('\n').sort();
  t.same(lines(writtenSpecText(patched, learnt)), lines(text), 'as text, comments and quoting kept');
});

t.test('an undo the spec no longer fits says which entry and what to do', async (t) => {
  const learnt = [{ learnt: 'h on d', applied: '', changes: 1, undo: [{ op: 'remove' as const, path: '/gone/x' }] }];
  t.throws(
    () => withoutLearnt({}, learnt),
    /what was learnt from h on d cannot be undone .* remove the entry, or revert/,
  );
});
