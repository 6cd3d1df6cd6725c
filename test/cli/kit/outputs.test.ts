// Every --out is checked before the run (contracts, spec:diff): one line naming
// the flag and the reason, never a stack trace after minutes, never a spin.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { checkOuts, outputProblem, writeReport } from '../../../cli/kit/outputs.js';

t.test('what cannot take a report is named before the run', async (t) => {
  const dir = t.testdir({ file: 'x', reports: {} });
  const cases: Array<[string, string, RegExp]> = [
    ['its parent is a file', join(dir, 'file', 'c.xml'), /^.*\/file is a file, not a directory$/],
    ['an ancestor is a file', join(dir, 'file', 'a', 'b', 'c.xml'), /^.*\/file is a file, not a directory$/],
    ['a directory given as the file', join(dir, 'reports'), /^it is a directory; give a file in it$/],
    [
      'under /proc, a directory it cannot make',
      '/proc/nope/c.xml',
      /^the directory \/proc\/nope cannot be made \(ENOENT\)$/,
    ],
    ['under /proc, a file it cannot make', '/proc/c.xml', /^it cannot be written \(E[A-Z]+\)$/],
  ];
  for (const [what, path, reason] of cases) {
    const started = Date.now();
    t.match(outputProblem(path), reason, what);
    t.ok(Date.now() - started < 2000, `${what}: answered at once`);
  }
  t.equal(
    checkOuts([undefined, join(dir, 'ok.json'), join(dir, 'file', 'c.xml')]),
    `--out ${join(dir, 'file', 'c.xml')}: ${join(dir, 'file')} is a file, not a directory`,
    'the first that cannot, named by its flag',
  );
});

t.test('what can: missing directories are made, no file is left behind, a file there is kept', async (t) => {
  const dir = t.testdir({ kept: 'old report' });
  const deep = join(dir, 'new', 'sub', 'c.xml');
  t.equal(outputProblem(deep), undefined);
  t.ok(existsSync(join(dir, 'new', 'sub')), 'the missing directories made');
  t.notOk(existsSync(deep), 'the probe removed');
  t.equal(outputProblem(join(dir, 'kept')), undefined);
  t.equal(readFileSync(join(dir, 'kept'), 'utf8'), 'old report', 'an existing report untouched until written');
  t.equal(checkOuts([undefined, undefined]), undefined, 'standard output needs no check');
});

t.test('writing a report makes its directories and never spins', async (t) => {
  const dir = t.testdir();
  writeReport(join(dir, 'a', 'b', 'r.json'), '{}');
  t.equal(readFileSync(join(dir, 'a', 'b', 'r.json'), 'utf8'), '{}');
  const started = Date.now();
  // Node's mkdir({ recursive: true }) loops for ever on this one.
  t.throws(() => writeReport('/proc/nope/c.xml', 'x'), /the directory \/proc\/nope cannot be made \(ENOENT\)/);
  t.ok(Date.now() - started < 2000, 'answered at once');
  mkdirSync(join(dir, 'd'));
  writeFileSync(join(dir, 'f'), '');
  t.throws(() => writeReport(join(dir, 'f', 'r.json'), 'x'), /ENOTDIR|cannot be made/);
});
