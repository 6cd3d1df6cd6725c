// The tarball the e2e tests install is packed once per state of the checkout
// (test/helpers/package.ts): a state key that missed an edit would have them
// test a stale package. Checked on a scratch git repository of its own.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { packedStateKey } from '../helpers/package.js';

const repo = mkdtempSync(join(tmpdir(), 'packed-key-'));
t.teardown(() => rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'ignore' });
git('init', '-q');
mkdirSync(join(repo, 'lib'));
mkdirSync(join(repo, 'test'));
writeFileSync(join(repo, '.gitignore'), 'tmp/\n');
writeFileSync(join(repo, 'lib/a.ts'), 'export const a = 1;\n');
git('add', '.');
const clean = packedStateKey(repo);

const cases: { name: string; edit: () => void; undo: () => void; changes: boolean }[] = [
  {
    name: 'an edit of a tracked file',
    edit: () => writeFileSync(join(repo, 'lib/a.ts'), 'export const a = 2;\n'),
    undo: () => writeFileSync(join(repo, 'lib/a.ts'), 'export const a = 1;\n'),
    changes: true,
  },
  {
    name: 'a new file git does not ignore',
    edit: () => writeFileSync(join(repo, 'lib/b.ts'), 'export const b = 1;\n'),
    undo: () => rmSync(join(repo, 'lib/b.ts')),
    changes: true,
  },
  {
    name: 'a tracked file removed',
    edit: () => rmSync(join(repo, 'lib/a.ts')),
    undo: () => writeFileSync(join(repo, 'lib/a.ts'), 'export const a = 1;\n'),
    changes: true,
  },
  {
    name: 'a test file (never packed)',
    edit: () => writeFileSync(join(repo, 'test/x.test.ts'), '1;\n'),
    undo: () => rmSync(join(repo, 'test/x.test.ts')),
    changes: false,
  },
  {
    name: 'an ignored file',
    edit: () => {
      mkdirSync(join(repo, 'tmp'), { recursive: true });
      writeFileSync(join(repo, 'tmp/x.ts'), '1;\n');
    },
    undo: () => rmSync(join(repo, 'tmp'), { recursive: true }),
    changes: false,
  },
];

for (const c of cases)
  t.test(`${c.name} ${c.changes ? 'changes' : 'keeps'} the state the tarball is packed from`, async (t) => {
    c.edit();
    const key = packedStateKey(repo);
    c.undo();
    if (c.changes) t.not(key, clean);
    else t.equal(key, clean);
    t.equal(packedStateKey(repo), clean, 'undone, the state is the one packed before');
  });
