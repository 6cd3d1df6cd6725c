// The check registry: every check the suite makes belongs to exactly one entry,
// --checks / --exclude-checks make only the selected entries' checks (and leave
// no result for the others), a misspelt name is a usage error with the nearest,
// and --list-checks prints the registry without a run.
import t from 'tap';
import { main } from '../../cli/contracts.js';
import { CHECK_GROUPS, CHECKS, entryOf } from '../../contracts/checks/registry.js';
import { checkLines } from '../../contracts/checks/registry-text.js';
import { nodeAt } from '../../contracts/measures/assumptions.js';
import { renderHuman } from '../../contracts/reporters/human.js';
import { renderJunit } from '../../contracts/reporters/junit.js';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions } from '../../contracts/types.js';
import { HTTP_RULES } from '../../contracts/types.js';
import { buildMock } from '../../mock/build.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const nosub = { email: 'nosub@example.com', password: 'demo-password' };
const loaded = await spec();
const mock = await buildMock({ spec: loaded, rateLimit: false });
const url = await mock.listen({ host: '127.0.0.1', port: 0 });
t.teardown(() => mock.close());

const run = (o: Partial<RunOptions>, notices: string[] = []) =>
  runContracts(
    { baseUrl: url, credentials: demo, nosub, timeoutMs: 5000, onNotice: (l) => notices.push(l), ...o },
    loaded,
  );

t.test('the registry: unique names, groups of the CheckGroup union, a line each', async (t) => {
  const names = CHECKS.map((c) => c.name);
  t.equal(new Set(names).size, names.length, 'names are unique');
  t.ok(
    CHECKS.every((c) => c.name.startsWith(`${c.group}:`)),
    'each name starts with its group',
  );
  t.same(CHECK_GROUPS, [...new Set(CHECKS.map((c) => c.group))]);
  t.equal(checkLines().length, CHECKS.length);
});

t.test('--list-checks says what each entry needs by the flag that gives it, not by the registry key', async (t) => {
  // "[needs writes, records; writes]" left a reader to guess that the first "writes" is --allow-writes.
  const lines = new Map(CHECKS.map((c, i) => [c.name, checkLines()[i]!]));
  const flags: Record<string, RegExp> = {
    records: /the records of conformance:reads/,
    company: /--company/,
    nosub: /--nosub-email/,
    writes: /--allow-writes/,
    destructive: /--allow-destructive --client-id/,
    'password-account': /--password-account-email or --allow-writes/,
    'rate-limit': /--check-rate-limit/,
    fuzz: /--fuzz N/,
  };
  for (const c of CHECKS) {
    const line = lines.get(c.name)!;
    for (const n of c.needs) t.match(line, flags[n]!, `${c.name} needs ${n}`);
    t.notMatch(line, /\bneeds (records|writes|fuzz|nosub|company)\b|; writes\]/, `${c.name}: no registry key`);
    t.equal(/changes the deployment\]$/.test(line), c.writes, `${c.name}: says whether it writes`);
  }
  t.match(lines.get('meaning:members'), /the caller's company \(--company\)/);
});

t.test("each entry's assumptions are x-assumed nodes of the spec or rules of HTTP", async (t) => {
  for (const c of CHECKS)
    for (const a of c.assumptions) {
      const node = nodeAt(loaded.raw, a) as Record<string, unknown> | undefined;
      t.ok(a in HTTP_RULES || node?.['x-assumed'] === true, `${c.name}: ${a}`);
    }
});

t.test('every check a run makes (every mode but the rate limit) is claimed by exactly one entry', async (t) => {
  const report = await run({ allowWrites: true, allowDestructive: true, clientId: 146, fuzz: 2, seed: 1 });
  const made = report.results.filter((r) => r.group !== 'run');
  t.ok(made.length > 200, `${made.length} checks`);
  const unclaimed = made.filter((r) => !entryOf(r.id)).map((r) => r.id);
  t.same(unclaimed, [], 'no check id without an entry');
  const twice = made.filter((r) => CHECKS.filter((c) => c.ids.test(r.id)).length > 1).map((r) => r.id);
  t.same(twice, [], 'no check id claimed by two entries');
  t.same(
    made.filter((r) => entryOf(r.id)?.group !== r.group).map((r) => r.id),
    [],
    "each check is of its entry's group",
  );
  t.same(report.checks?.notSelected, [], 'nothing left out of an unnarrowed run');
  t.same(
    report.checks?.made.map((c) => c.name),
    CHECKS.map((c) => c.name),
    "the report tallies every entry, in the registry's order",
  );
  const seen = new Set(made.map((r) => entryOf(r.id)?.name));
  t.same(
    CHECKS.filter((c) => !seen.has(c.name)).map((c) => c.name),
    [],
    'every entry made a check (or recorded its skip)',
  );
});

t.test('--checks makes only the named checks, and leaves no result for the others', async (t) => {
  const notices: string[] = [];
  const report = await run({ checks: ['negative:method'] }, notices);
  const groups = new Set(report.results.filter((r) => r.group !== 'run').map((r) => entryOf(r.id)?.name));
  t.same([...groups], ['negative:method']);
  t.equal(report.results.filter((r) => r.verdict === 'fail').length, 0);
  t.ok(report.modes.includes('checks negative:method'), 'the report names the selection');
  t.same(
    report.checks?.made.map((c) => [c.name, c.failed, c.passed > 0]),
    [['negative:method', 0, true]],
    "the report's tally, per registry entry",
  );
  t.equal(report.checks?.notSelected.length, CHECKS.length - 1, 'and the entries left out');
  t.match(
    renderHuman(report),
    /^Not selected \(--checks\/--exclude-checks\): conformance:signin, conformance:reads, /m,
  );
  t.same(
    notices.filter((n) => /runs too/.test(n)),
    [],
    'nothing pulled in: the check needs no records',
  );
});

t.test('a group selects its entries; --exclude-checks takes some out', async (t) => {
  const report = await run({
    checks: ['negative'],
    excludeChecks: ['negative:method', 'negative:type'],
    minCoverage: 0,
  });
  t.match(
    report.results.find((r) => r.id === 'run:coverage')?.notes,
    [/^spec coverage/, /^counted over the checks --checks\/--exclude-checks selected/],
    'the coverage says it counts a narrowed run',
  );
  const entries = new Set(report.results.filter((r) => r.group !== 'run').map((r) => entryOf(r.id)?.name));
  t.same(
    [...entries].sort(),
    CHECKS.filter((c) => c.group === 'negative' && !['negative:method', 'negative:type'].includes(c.name))
      .map((c) => c.name)
      .sort(),
  );
  t.ok(entries.has('negative:missing') && !entries.has('negative:type'), 'the excluded entries are out');
  // JUnit has no modes line: its properties say the run was narrowed, and what it left out.
  const xml = renderJunit(report);
  t.match(xml, /<property name="checks\.selected" value="negative:refused-sign-in, [^"]*negative:missing"\/>/);
  t.match(
    xml,
    /<property name="checks\.notSelected" value="conformance:signin, conformance:reads, [^"]*negative:type, negative:method, [^"]*"\/>/,
  );
  t.notMatch(
    renderJunit(await run({ checks: [], minCoverage: 0 })),
    /checks\.notSelected/,
    'a whole run leaves none out',
  );
});

t.test('a check that needs records pulls conformance:reads in, and says so', async (t) => {
  const notices: string[] = [];
  const report = await run({ checks: ['auth:x-api-token'] }, notices);
  const entries = new Set(report.results.filter((r) => r.group !== 'run').map((r) => entryOf(r.id)?.name));
  t.same([...entries].sort(), ['auth:x-api-token', 'conformance:reads']);
  t.match(
    notices.filter((n) => /runs too/.test(n)),
    [/^conformance:reads runs too: the selected checks work on the records its reads find/],
  );
  t.ok(
    report.results.filter((r) => r.group === 'auth').every((r) => r.verdict === 'pass'),
    'and with them its replays pass',
  );
  const starving: string[] = [];
  const without = await run({ checks: ['auth:x-api-token'], excludeChecks: ['conformance'] }, starving);
  t.ok(
    without.results.filter((r) => r.group === 'auth').every((r) => r.verdict === 'skip'),
    'excluded, it is not run, and the replays skip with their reason',
  );
  // The replays' own reason ("no client ...") is so because nothing looked: each says why nothing did.
  t.ok(
    without.results
      .filter((r) => r.group === 'auth')
      .every((r) =>
        r.notes[0]?.endsWith(
          '(conformance:reads, which finds the records this check works on, was left out by --exclude-checks)',
        ),
      ),
    'each skip says conformance:reads was left out',
  );
  t.match(
    starving,
    [/^auth:x-api-token work on the records conformance:reads finds, which is left out: they skip/],
    'and a notice says so before the run',
  );
  const oneRoom = await run({ checks: ['meaning:one-room'], excludeChecks: ['conformance:reads'] });
  t.match(
    oneRoom.results.map((r) => r.notes[0]),
    [/^no client with a room was found \(conformance:reads, which finds the records/],
  );
});

t.test('a name that is no check or group is a usage error naming the nearest', async (t) => {
  await t.rejects(run({ checks: ['negative:metod'] }), {
    name: 'ContractOptionsError',
    options: ['checks'],
    message:
      /^checks names negative:metod, which is no check or group of the registry \(did you mean negative:method\?\); groups: conformance, auth/,
  });
  await t.rejects(run({ excludeChecks: ['sequence'] }), {
    options: ['excludeChecks'],
    message: /did you mean sequences\?/,
  });
});

t.test('a selection that leaves no check is a usage error, not a run that checked nothing and passed', async (t) => {
  // --checks negative --exclude-checks negative ran 0 checks and said "the deployment honours the spec", exit 0.
  for (const [checks, excludeChecks, message] of [
    [
      ['negative'],
      ['negative'],
      /^excludeChecks negative takes out every check checks negative names: no check is left/,
    ],
    [
      ['negative:method', 'auth:none'],
      ['negative', 'auth'],
      /^excludeChecks negative,auth takes out every check checks negative:method,auth:none names/,
    ],
    [[], [...CHECK_GROUPS], /^excludeChecks conformance,auth,.* takes out every check of the registry/],
  ] as const)
    await t.rejects(run({ checks: [...checks], excludeChecks: [...excludeChecks] }), {
      name: 'ContractOptionsError',
      options: checks.length ? ['excludeChecks', 'checks'] : ['excludeChecks'],
      message,
    });
  const err: string[] = [];
  const written: string[] = [];
  const io = {
    stdout: () => undefined,
    stderr: (s: string) => err.push(s),
    writeFile: async (path: string) => void written.push(path),
  };
  const code = await main(
    [
      '--base-url',
      url,
      '--checks',
      'negative',
      '--exclude-checks',
      'negative',
      '--reporter',
      'json',
      '--out',
      'r.json',
    ],
    { MCS_EMAIL: demo.email, MCS_PASSWORD: demo.password },
    io,
  );
  t.equal(code, 2);
  t.match(
    err.join('\n'),
    /--exclude-checks negative takes out every check --checks negative names: no check is left to run/,
  );
  t.same(written, [], 'bad flags write no report');
});

t.test(
  'a --checks, --exclude-checks, --only or --skip that names nothing is a usage error, not everything',
  async (t) => {
    // --checks '' (an unset variable, say) ran every check, the opposite of "only these".
    for (const argv of [
      ['--checks', ''],
      ['--checks=,'],
      ['--checks', ' , '],
      ['--checks', 'negative', '--checks', ''],
      ['--exclude-checks', ''],
    ]) {
      const err: string[] = [];
      const io = { stdout: () => undefined, stderr: (s: string) => void err.push(s), writeFile: async () => {} };
      t.equal(await main(['--base-url', url, ...argv], { MCS_EMAIL: demo.email, MCS_PASSWORD: demo.password }, io), 2);
      t.match(
        err.join('\n'),
        /^contracts: --(exclude-)?checks names no check \(an empty value\); --list-checks lists/,
        argv.join(' '),
      );
    }
    // The same family for the operations: --only '' ran every operation.
    for (const argv of [['--only', ''], ['--only=,'], ['--skip', ''], ['--only', 'listClients', '--only', ' ']]) {
      const err: string[] = [];
      const io = { stdout: () => undefined, stderr: (s: string) => void err.push(s), writeFile: async () => {} };
      t.equal(await main(['--base-url', url, ...argv], { MCS_EMAIL: demo.email, MCS_PASSWORD: demo.password }, io), 2);
      t.match(err.join('\n'), /^contracts: --(only|skip) names no operation or tag \(an empty value\)/, argv.join(' '));
    }
  },
);

t.test('the command line: --list-checks exits 0 without a base URL; a misspelt --checks exits 2', async (t) => {
  const out: string[] = [];
  const err: string[] = [];
  const io = { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s), writeFile: async () => {} };
  t.equal(await main(['--list-checks'], {}, io), 0);
  t.same(out.join('\n').split('\n'), checkLines());
  t.match(out.join('\n'), /^negative:method +negative +a method the spec lacks for a path answers 405 with Allow$/m);
  out.length = 0;
  const code = await main(
    ['--base-url', url, '--checks', 'auth:nope'],
    { MCS_EMAIL: demo.email, MCS_PASSWORD: demo.password },
    io,
  );
  t.equal(code, 2);
  t.match(
    err.join('\n'),
    /--checks names auth:nope, which is no check or group of the registry \(did you mean auth:none\?\)/,
  );
});
