// npm run spec:diff: two files or git refs in, exit code 1 on an unacknowledged
// breaking change, 2 on an argument that is neither; what it says of the
// acknowledgements that match nothing.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { stringify } from 'yaml';
import { base } from '../helpers/diff-fixture.js';

const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const script = fileURLToPath(new URL('../../cli/spec-diff.ts', import.meta.url));

/** spec:diff run as a user runs it: its exit code and what it printed. */
function run(...args: string[]) {
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
}

/** Two files: the fixture's base and the same with a response field removed (breaking). */
function pair(t: Test) {
  const dir = t.testdir();
  const b = join(dir, 'base.yaml');
  const h = join(dir, 'head.yaml');
  writeFileSync(b, stringify(base()));
  const changed = base();
  delete changed.components.schemas.Client.properties.name;
  writeFileSync(h, stringify(changed));
  return { dir, b, h };
}

t.test('the command: files and git refs, exit codes', async (t) => {
  const { dir, b, h } = pair(t);
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

t.test('acknowledgements: stale ones one line, each with --verbose or from the base the file names', async (t) => {
  const { dir, b, h } = pair(t);
  const id = JSON.parse(run(b, h, '--format', 'json').out).changes.find((c: { breaking: boolean }) => c.breaking).id;
  t.match(id, /^response-property-removed:POST \/client\/list:response 200 \/data\/\[\]\/name@[0-9a-f]{8}$/);
  const acks = (fileBase: string) => {
    const path = join(dir, `acks-${fileBase.length}.yaml`);
    writeFileSync(
      path,
      `base: ${fileBase}\nacknowledged:\n  - id: ${JSON.stringify(id)}\n    reason: "r"\n  - id: "old:one@00000000"\n    reason: "r"\n  - id: "old:two@00000000"\n    reason: "r"\n`,
    );
    return path;
  };
  const other = run(b, h, '--acknowledged', acks('0123abc'));
  t.equal(other.code, 0, 'the change is acknowledged');
  t.match(
    other.out,
    /note: 2 acknowledgement\(s\) match no change here: they are for the changes from base 0123abc \(--verbose lists them\)/,
  );
  t.notMatch(other.out, /old:one/);
  const verbose = run(b, h, '--acknowledged', acks('0123abc'), '--verbose');
  t.match(verbose.out, /note: acknowledgement "old:one@00000000" matches no change here/);
  t.match(verbose.out, /note: acknowledgement "old:two@00000000" matches no change here/);
  const own = run(b, h, '--acknowledged', acks(b));
  t.match(own.out, `note: acknowledgement "old:one@00000000" matches no change from its base ${b}: remove it`);
  t.equal(own.code, 0, 'a stale entry is a note, not a failure');
});
