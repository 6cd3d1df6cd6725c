// The contract CLI's flags: --reporter with its own --out, secrets from the
// environment, sizes and times, bad flags refused with a reason. Runs, exit
// codes and outputs are tested in contracts-runs.test.ts.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { main, parseContractArgs } from '../../cli/contracts.js';
import { checkOuts } from '../../cli/kit/outputs.js';
import { capture } from '../helpers/cli-io.js';

t.test('flags and environment', async (t) => {
  const p = parseContractArgs(
    [
      '--base-url',
      'https://staging.example.com/api/v1',
      '--only',
      'listClients,Rooms',
      '--skip',
      'deleteClient',
      '--reporter',
      'human',
      '--reporter',
      'junit',
      '--out',
      'r/junit.xml',
      '--reporter',
      'json',
      '--out',
      'r/report.json',
      '--timeout',
      '2500',
      '--strict',
      '--check-rate-limit',
    ],
    {
      MCS_EMAIL: 'qa@example.com',
      MCS_PASSWORD: 'from-env',
      MCS_NOSUB_EMAIL: 'n@example.com',
      MCS_NOSUB_PASSWORD: 'np',
    },
  );
  t.ok(p.ok);
  if (!p.ok) return;
  t.same(p.plan.reporters, [
    { name: 'human' },
    { name: 'junit', out: 'r/junit.xml' },
    { name: 'json', out: 'r/report.json' },
  ]);
  t.same(p.plan.options.credentials, { email: 'qa@example.com', password: 'from-env', token: undefined });
  t.same(p.plan.options.nosub, { email: 'n@example.com', password: 'np' });
  t.same(
    [
      p.plan.options.only,
      p.plan.options.skip,
      p.plan.options.timeoutMs,
      p.plan.options.strict,
      p.plan.options.checkRateLimit,
    ],
    [['listClients', 'Rooms'], ['deleteClient'], 2500, true, true],
  );
  const destructive = parseContractArgs(
    ['--base-url', 'http://h', '--token', 't', '--allow-destructive', '--client-id', '9'],
    {},
  );
  t.ok(
    destructive.ok && destructive.plan.options.allowWrites && destructive.plan.options.clientId === 9,
    '--allow-destructive implies writes',
  );
  const company = parseContractArgs(['--base-url', 'http://h', '--token', 't', '--company', 'Demo Blinds Co'], {});
  t.equal(company.ok && company.plan.options.company, 'Demo Blinds Co', '--company names the company');
});

t.test('--max-body takes bytes or a unit, --deadline seconds', async (t) => {
  const cases: Array<[string, number]> = [
    ['10m', 10 * 1024 ** 2],
    ['512k', 512 * 1024],
    ['1048576', 1048576],
    ['1G', 1024 ** 3],
    ['64MiB', 64 * 1024 ** 2],
  ];
  for (const [flag, bytes] of cases) {
    const p = parseContractArgs(['--base-url', 'http://h', '--token', 't', '--max-body', flag], {});
    t.equal(p.ok && p.plan.options.maxBodyBytes, bytes, flag);
  }
  const p = parseContractArgs(['--base-url', 'http://h', '--token', 't', '--deadline', '90'], {});
  t.equal(p.ok && p.plan.options.deadlineMs, 90_000);
});

t.test('bad flags are refused with a reason', async (t) => {
  const cases: Array<[string[], RegExp]> = [
    [[], /--base-url is required/],
    [
      ['--base-url', 'http://h', '--reporter', 'xml'],
      /--reporter takes human, json, junit, html, spec-patch, summary or github/,
    ],
    [['--base-url', 'http://h', '--out', 'x.json'], /each --out FILE follows the --reporter/],
    [
      ['--base-url', 'http://h', '--reporter', 'json', '--reporter', 'junit'],
      /only one reporter can write to standard output/,
    ],
    [['--base-url', 'http://h', '--timeout', 'soon'], /--timeout takes a whole number/],
    [['--base-url', 'http://h', '--nosub-email', 'a@b.c'], /go together/],
    [['--base-url', 'http://h', '--frobnicate'], /^unknown flag --frobnicate$/],
    [['--base-url', 'http://h', '--max-body', 'lots'], /--max-body takes a size from 1k to 1g/],
    [['--base-url', 'http://h', '--max-body', '2g'], /--max-body takes a size from 1k to 1g/],
    [['--base-url', 'http://h', '--deadline', '0'], /--deadline takes a whole number from 1/],
  ];
  for (const [argv, message] of cases) {
    const p = parseContractArgs(argv, {});
    t.notOk(p.ok, argv.join(' '));
    if (!p.ok) t.match(p.message, message);
  }
});

t.test('an --out that cannot be written is refused before the run, on one line', async (t) => {
  const dir = t.testdir();
  writeFileSync(join(dir, 'file'), '');
  const out = join(dir, 'file', 'c.xml');
  const io = { ...capture(), checkOuts };
  // Nothing listens on port 9: a run would fail otherwise, and later.
  const code = await main(['--base-url', 'http://127.0.0.1:9', '--reporter', 'junit', '--out', out], {}, io);
  t.equal(code, 2);
  t.same(io.err, [`contracts: --out ${out}: ${join(dir, 'file')} is a file, not a directory (--help shows the usage)`]);
  t.same(io.out, [], 'no run, no progress');
});

t.test('--world NAME goes to the library as it is, which refuses a bad one on one line naming the flag', async (t) => {
  const base = ['--base-url', 'http://h', '--token', 't'];
  for (const [argv, world] of [
    [[], undefined],
    [['--world', 'qa-7'], 'qa-7'],
    [['--world=default'], 'default'],
  ] as Array<[string[], string | undefined]>) {
    const p = parseContractArgs([...base, ...argv], {});
    t.ok(p.ok && p.plan.options.world === world, `${argv.join(' ') || '(none)'} gives ${world}`);
  }
  for (const bad of ['qa 7', 'qa_7', '', 'x'.repeat(41)]) {
    const io = capture();
    t.equal(await main(['--base-url', 'http://127.0.0.1:9', '--world', bad], { MCS_TOKEN: 't' }, io), 2, bad);
    t.same(io.err, [
      `contracts: --world must be a world's name: letters, digits and -, 1 to 40 characters, not ${JSON.stringify(bad)} (--help shows the usage)`,
    ]);
  }
});

t.test('--help says which exit 2 writes the reports: once a run began, not for bad flags', async (t) => {
  const out: string[] = [];
  const io = {
    stdout: (s: string) => void out.push(s),
    stderr: (s: string) => void out.push(s),
    writeFile: async () => {},
  };
  t.equal(await main(['--help'], {}, io), 0);
  const exit = out
    .join('\n')
    .split('\n')
    .find((l) => l.startsWith('exit code:'));
  t.match(exit, /once a run began, on 2 and 130 the reports asked for are still written/);
  t.match(exit, /\(bad flags write none\)$/);
});
