// The one rule of a world's name (lib/world-name.ts), for the mock that refuses
// a bad one and the contract suite that sends one; and the fresh names of runs.
import t from 'tap';
import { freshWorldName, isWorldName, WORLD_NAME_RULE, worldNameProblem } from '../../lib/world-name.js';

t.test('letters, digits and -, 1 to 40 characters', async (t) => {
  for (const good of ['a', 'default', 'w0', 'QA-job-17', '-', 'x'.repeat(40), '0123456789'])
    t.ok(isWorldName(good), `${good}: a name`);
  for (const bad of ['', 'x'.repeat(41), 'a b', 'a_b', 'a.b', 'a/b', 'wörld', 'a\n', ' a', 7, null, undefined])
    t.notOk(isWorldName(bad), `${JSON.stringify(bad)}: no name`);
  t.equal(worldNameProblem('qa-7'), undefined);
  t.equal(worldNameProblem('qa 7'), `must be a world's name: ${WORLD_NAME_RULE}`);
});

t.test('a fresh name: the prefix, the UTC second and six hex digits, a name by the rule', async (t) => {
  const at = new Date('2026-11-27T06:20:47.123Z');
  t.equal(
    freshWorldName('contracts', at, () => 0.5),
    'contracts-20261127T062047Z-800000',
  );
  t.equal(
    freshWorldName('contracts', at, () => 0),
    'contracts-20261127T062047Z-000000',
  );
  t.equal(
    freshWorldName('contracts', at, () => 0.99999999),
    'contracts-20261127T062047Z-ffffff',
  );
  const names = new Set(Array.from({ length: 200 }, () => freshWorldName('contracts')));
  t.ok(names.size > 195, 'two runs in the same second get other names');
  for (const n of names) t.ok(isWorldName(n) && n.length === 33, n);
  t.throws(() => freshWorldName('a prefix too long for any name'), /cannot begin a world's name/);
});
