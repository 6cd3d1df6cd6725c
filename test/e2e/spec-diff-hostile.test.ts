// npm run spec:diff against hostile input (issue 38): a 150 MB spec took it to
// 4.3 GB and an abort (exit 134), deep nesting was "not valid YAML: Maximum call
// stack size exceeded", and a ref shaped as an option reached git as one
// (`git show --output=/tmp/x:spec/openapi.yaml` wrote a file). Each case runs the
// CLI as a user does, with its peak memory measured as it exits.
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readdirSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { ROOT, TS } from '../../scripts/bench/processes.js';

const script = join(ROOT, 'cli/spec-diff.ts');
const PEAK_RSS = join(ROOT, 'scripts/bench/peak-rss.mjs');
/** Far under what reading a spec past the bound costs (a 40 MB one took 1.6 GB); tsx alone is some 110 MiB. */
const PEAK_BOUND_MIB = 200;

/** spec:diff run as a user runs it: its exit code, its stderr without the peak line, the peak and the time. */
function run(args: string[], cwd = ROOT) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [...TS, '--import', PEAK_RSS, script, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const peakKiB = Number(/peak-rss-kib (\d+)/.exec(r.stderr)?.[1] ?? 0);
  return {
    code: r.status,
    stderr: r.stderr.replace(/\n?peak-rss-kib \d+\n/, ''),
    peakMiB: Math.round(peakKiB / 1024),
    seconds: (performance.now() - started) / 1000,
  };
}

const git = (cwd: string, ...args: string[]) =>
  spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });

t.test(
  'regression: a spec too large, nested too deeply or an alias bomb is refused at once (exit 2, one line)',
  async (t) => {
    const dir = t.testdir();
    const at = (name: string) => join(dir, name);
    // Sparse: 150 MB to stat, no disk used; read whole, it was the abort of the issue.
    const huge = openSync(at('huge.yaml'), 'w');
    writeSync(huge, 'paths: {}\n', 150 * 1024 * 1024 - 10);
    closeSync(huge);
    writeFileSync(at('two-mib.yaml'), `paths: {}\n${'# padding\n'.repeat(210_000)}`);
    const deep = 5000;
    writeFileSync(at('flow.yaml'), `paths: ${'['.repeat(deep)}${']'.repeat(deep)}\n`);
    writeFileSync(at('block.yaml'), `paths:\n  x:\n    ${'- '.repeat(deep)}x\n`);
    writeFileSync(at('json.json'), `{"paths":${'{"a":'.repeat(deep)}1${'}'.repeat(deep)}}`);
    // Parsed, but past what the $ref resolver and the differ recurse through.
    writeFileSync(at('past-bound.yaml'), `paths: ${'{"a":'.repeat(200)}1${'}'.repeat(200)}\n`);
    let bomb = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
    for (const [k, prev] of [...'bcdefghi'].map((k, i) => [k, 'abcdefgh'[i]]))
      bomb += `${k}: &${k} [${Array(9).fill(`*${prev}`).join(',')}]\n`;
    writeFileSync(at('bomb.yaml'), `${bomb}paths: *i\n`);
    // A git object past the bound, in a repository of its own.
    const repo = at('repo');
    git(dir, 'init', '-q', repo);
    writeFileSync(join(repo, 'big.yaml'), `paths: {}\n${'# padding\n'.repeat(900_000)}`);
    git(repo, 'add', 'big.yaml');
    git(repo, 'commit', '-q', '-m', 'big');

    const cases: Array<[string, string[], RegExp, string?]> = [
      [
        'a 150 MB file',
        [at('huge.yaml')],
        /^spec:diff: \S+huge\.yaml is 157286400 bytes, more than 8388608 bytes: not read \(--max-spec-bytes raises the bound\)$/,
      ],
      [
        'a 2 MiB file, --max-spec-bytes 1m',
        [at('two-mib.yaml'), '--max-spec-bytes', '1m'],
        /^spec:diff: \S+two-mib\.yaml is 2100010 bytes, more than 1048576 bytes: not read/,
      ],
      ['a device that never ends', ['/dev/zero'], /^spec:diff: \/dev\/zero is larger than 8388608 bytes: not read/],
      [
        'a 9 MB git object',
        ['HEAD:big.yaml'],
        /^spec:diff: HEAD:big\.yaml is 9000010 bytes, more than 8388608 bytes: not read/,
        repo,
      ],
      ['YAML flow nesting', [at('flow.yaml')], /^spec:diff: \S+flow\.yaml is nested too deeply to parse \(more levels/],
      ['YAML block nesting', [at('block.yaml')], /^spec:diff: \S+block\.yaml is nested too deeply to parse/],
      ['JSON nesting', [at('json.json')], /^spec:diff: \S+json\.json is nested too deeply to parse/],
      [
        'nesting the parser survives',
        [at('past-bound.yaml')],
        /^spec:diff: \S+ is nested too deeply: more than 128 levels/,
      ],
      ['an alias bomb', [at('bomb.yaml')], /^spec:diff: \S+bomb\.yaml expands its aliases past the bound of 100/],
    ];
    for (const [what, args, message, cwd] of cases) {
      const r = run(args, cwd);
      t.equal(r.code, 2, `${what}: exit 2`);
      t.equal(r.stderr.trimEnd().split('\n').length, 1, `${what}: one line`);
      t.match(r.stderr.trimEnd(), message, what);
      t.ok(r.peakMiB > 0 && r.peakMiB < PEAK_BOUND_MIB, `${what}: peak ${r.peakMiB} MiB, under ${PEAK_BOUND_MIB} MiB`);
      // Most of it is starting tsx (1.1-1.9 s in loaded CI runs); a loaded machine stretches that several times.
      t.ok(r.seconds < 45, `${what}: ${r.seconds.toFixed(1)} s`);
    }
  },
);

t.test('regression: a ref shaped as an option never reaches git as one (exit 2, no file written)', async (t) => {
  const dir = t.testdir();
  const cases = [
    `--output=${dir}/w1:x`,
    `--output=${dir}/w2`,
    `-o${dir}/w3`,
    `--exec=touch ${dir}/w4`,
    `--upload-pack=touch ${dir}/w5`,
    '-c',
    '-ccore.pager=touch w6',
    '--no-index',
    '-',
  ];
  for (const ref of cases) {
    for (const args of [
      ['--', ref],
      ['HEAD', '--', ref],
    ]) {
      const r = run(args);
      t.equal(r.code, 2, `${args.join(' ')}: exit 2`);
      t.match(
        r.stderr.trimEnd(),
        /^spec:diff: "[^"]*" is not a git ref: a ref cannot start with "-"$/,
        `${args.join(' ')}: refused`,
      );
    }
  }
  // The acknowledgements' base is a ref too: the comparison goes on, not starting from it.
  const acks = join(dir, 'acks.yaml');
  writeFileSync(acks, `base: "--output=${dir}/w7:x"\nacknowledged: []\n`);
  t.equal(run(['HEAD', '--acknowledged', acks]).code, 0, 'a hostile base in the acknowledgements');
  t.same(readdirSync(dir), ['acks.yaml'], 'git wrote no file');
});
