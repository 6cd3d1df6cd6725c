// npm run spec:diff: two files or git refs in, exit code 1 on an unacknowledged
// breaking change, 2 on an argument that is neither.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { stringify } from 'yaml';
import { base } from '../helpers/diff-fixture.js';

t.test('the command: files and git refs, exit codes', async (t) => {
  const dir = t.testdir();
  const b = join(dir, 'base.yaml');
  const h = join(dir, 'head.yaml');
  writeFileSync(b, stringify(base()));
  const changed = base();
  delete changed.components.schemas.Client.properties.name;
  writeFileSync(h, stringify(changed));
  const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
  const script = fileURLToPath(new URL('../../cli/spec-diff.ts', import.meta.url));
  const run = (...args: string[]) => {
    try {
      return {
        code: 0,
        out: execFileSync(process.execPath, [tsx, script, ...args], {
          encoding: 'utf8',
          timeout: 60_000,
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      };
    } catch (err) {
      const e = err as { status: number; stdout: string; stderr: string };
      return { code: e.status, out: `${e.stdout}${e.stderr}` };
    }
  };
  const breaking = run(b, h, '--format', 'human', '--format', 'json', '--out', join(dir, 'd.json'));
  t.equal(breaking.code, 1);
  t.match(breaking.out, /BREAKING response 200 \/data\/\[\]\/name: "name" is no longer sent/);
  t.equal(run(b, b).code, 0);
  t.equal(run('HEAD', 'HEAD').code, 0, 'git refs');
  const bad = run('no-such-ref-xyz');
  t.equal(bad.code, 2);
  t.match(bad.out, /"no-such-ref-xyz" is neither a file nor a git ref/);
  const unwritable = run(b, h, '--format', 'json', '--out', join(b, 'd.json'));
  t.equal(unwritable.code, 2, '--out under a file');
  t.equal(
    unwritable.out,
    `spec:diff: --out ${join(b, 'd.json')}: ${b} is a file, not a directory (--help shows the usage)\n`,
  );
});
