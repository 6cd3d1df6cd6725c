// The contract CLI's runs: exit codes 0 / 1 / 2, reporters each with their own
// --out, --strict, and no secret and no raw control character in any output.
// Its flags are tested in contracts.test.ts.
import t from 'tap';
import { main } from '../../cli/contracts.js';
import { buildMock } from '../../mock/build.js';
import { alter, brokenServer } from '../helpers/broken.js';
import { capture } from '../helpers/cli-io.js';
import { ATTACKS, TERMINAL_UNSAFE } from '../helpers/hostile-text.js';
import { spec } from '../helpers/mock.js';
import { freePort } from '../helpers/processes.js';

t.test('exit 2 with a one-line reason when the run cannot happen', async (t) => {
  const closed = await freePort();
  const cases: Array<[string[], RegExp]> = [
    [
      ['--base-url', `http://127.0.0.1:${closed}`, '--email', 'a@example.com', '--password', 'pw-secret-1'],
      /cannot reach http:\/\/127.0.0.1:\d+\/api\/v1: connection refused/,
    ],
    [['--base-url', 'ftp://example.com', '--token', 't'], /^contracts: --base-url must be an http or https URL/m],
    [
      ['--base-url', 'http://127.0.0.1:1'],
      /^contracts: give --email \(or MCS_EMAIL\) and --password \(or MCS_PASSWORD\), or --token \(or MCS_TOKEN\) \(--help shows the usage\)$/m,
    ],
    [
      ['--base-url', 'http://127.0.0.1:1', '--token', 't', '--allow-destructive'],
      /--allow-destructive needs --client-id/,
    ],
    // The spec's platform values, checked once the spec is loaded.
    [
      ['--base-url', 'http://127.0.0.1:1', '--token', 't', '--platform', 'PALM'],
      /^contracts: --platform must be WEB, IOS or ANDROID, not "PALM" \(--help shows the usage\)$/m,
    ],
  ];
  for (const [argv, reason] of cases) {
    const io = capture();
    t.equal(await main(argv, {}, io), 2, argv.join(' '));
    t.match(io.err.join('\n'), reason);
    t.notMatch(io.all(), /pw-secret-1/);
  }
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const io = capture();
  t.equal(
    await main(
      ['--base-url', url, '--world', 'default', '--email', 'demo@example.com', '--password', 'wrong-password-xyz'],
      {},
      io,
    ),
    2,
  );
  t.same(io.err.at(-1), 'contracts: the run could not happen: sign-in refused: 401 Invalid email or password.');
  t.notMatch(io.all(), /wrong-password-xyz/);
  const tokenIo = capture();
  t.equal(await main(['--base-url', url, '--token', 'not-a-real-token-123'], {}, tokenIo), 2);
  t.match(tokenIo.err.join(''), /the token was refused/);
  t.notMatch(tokenIo.all(), /not-a-real-token-123/);
});

t.test('exit 0 against the mock, with reports and no secret anywhere', async (t) => {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const io = capture();
  const code = await main(
    [
      '--base-url',
      `${url}/api/v1/`,
      '--world',
      'default',
      '--email',
      'demo@example.com',
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
    ],
    { MCS_PASSWORD: 'demo-password', MCS_NOSUB_EMAIL: 'nosub@example.com', MCS_NOSUB_PASSWORD: 'demo-password' },
    io,
  );
  t.equal(code, 0, io.err.join('\n'));
  t.same(io.err, [], 'secrets from the environment: no warning');
  t.match(io.out[0], /^ok {3}conformance {2}signin: signs in and returns a token/, 'a progress line per check');
  t.match(io.out.at(-1), /Verdict: the deployment honours the spec\./);
  t.match(io.out.at(-1), /Operations covered: 26 of 26/);
  const junit = io.files.get('r/junit.xml')!;
  t.match(
    junit,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="mcs-contracts [^"]+" tests="\d+" failures="0"/,
  );
  const json = JSON.parse(io.files.get('r/report.json')!);
  t.equal(json.summary.checks.failed, 0);
  t.notOk('secrets' in json, 'the report carries no secret list');
  const tokens = [...mock.mock.store.snapshot().sessions.map((s) => s.token)];
  t.ok(tokens.length > 0);
  for (const secret of ['demo-password', ...tokens]) t.notMatch(io.all(), secret, 'no password or token in any output');
});

t.test('exit 1 on a violation, named in the human output and the JUnit failure', async (t) => {
  const url = await brokenServer(
    t,
    alter(
      (p, s) => p === '/client/list' && s === 200,
      (r) => (delete r.body.data.per_page, r),
    ),
  );
  const io = capture();
  const code = await main(
    [
      '--base-url',
      url,
      '--email',
      'demo@example.com',
      '--password',
      'demo-password',
      '--reporter',
      'human',
      '--reporter',
      'junit',
      '--out',
      'j.xml',
    ],
    {},
    io,
  );
  t.equal(code, 1);
  t.match(
    io.out.join('\n'),
    /FAIL conformance {2}listClients: lists the first page of clients[\s\S]*must have required property 'per_page'/,
  );
  t.match(io.out.at(-1), /Verdict: the deployment does NOT honour the spec\./);
  t.match(
    io.files.get('j.xml')!,
    /<failure message="listClients 200 \/data\/per_page: must have required property &apos;per_page&apos;"/,
  );
  t.match(
    io.err.join('\n'),
    /--password on the command line can be read in the process list, shell history and CI logs .* prefer the environment: MCS_PASSWORD/,
    'a secret flag is warned about',
  );
});

t.test('--strict turns observations into failures', async (t) => {
  // Answering 404 instead of 405 for a wrong method is allowed (4xx) but noted.
  const url = await brokenServer(t, async ({ reply, forward }) => {
    const r = await forward();
    if (r.status !== 405) return undefined;
    return reply
      .code(404)
      .header('content-type', 'application/json')
      .send(JSON.stringify({ message: 'Not found.', status: 404 }));
  });
  const lax = capture();
  t.equal(
    await main(
      ['--base-url', url, '--email', 'demo@example.com', '--password', 'demo-password', '--only', 'listPlans'],
      {},
      lax,
    ),
    0,
  );
  t.match(
    lax.out.join('\n'),
    /obs {2}negative {5}listPlans: answers POST \/plans\/index[\s\S]*rather than 405[\s\S]*\[outside the spec: http:405\]/,
  );
  const strict = capture();
  t.equal(
    await main(
      [
        '--base-url',
        url,
        '--email',
        'demo@example.com',
        '--password',
        'demo-password',
        '--only',
        'listPlans',
        '--strict',
      ],
      {},
      strict,
    ),
    1,
  );
});

t.test(
  'regression: a hostile answer reached the terminal through the CLI (progress lines, reports on stdout, notices, errors)',
  async (t) => {
    const payload = ATTACKS.map(([, p]) => p).join(' | ');
    const url = await brokenServer(t, ({ path, reply }) => {
      if (path === '/user/signin') return undefined;
      if (path === '/plans/index')
        return reply.code(429).header('retry-after', '1\u009b2J').header('content-type', 'text/plain').send(payload);
      return reply.code(200).header('content-type', `text/plain; x=\u009b31m`).send(payload);
    });
    const argv = ['--base-url', url, '--email', 'demo@example.com', '--only', 'listPlans,listCountries'];
    for (const reporter of ['human', 'json', 'junit', 'html']) {
      const io = capture();
      const code = await main(
        [...argv, '--reporter', reporter, '--max-wait', '1'],
        { MCS_PASSWORD: 'demo-password' },
        io,
      );
      t.equal(code, 1, `${reporter}: the run fails`);
      t.notMatch(io.out.join('\n'), TERMINAL_UNSAFE, `${reporter} on stdout: no raw control character`);
      t.notMatch(io.err.join('\n'), TERMINAL_UNSAFE, `${reporter}: no raw control character on stderr (notices)`);
      if (reporter === 'human')
        t.notOk(
          io.out
            .join('\n')
            .split('\n')
            .some((l) => /^ok {3}conformance {2}forged/.test(l)),
          'no line forged',
        );
    }
    const refusing = await brokenServer(t, ({ path, reply }) =>
      path === '/user/signin'
        ? reply
            .code(401)
            .header('content-type', 'application/json')
            .send(JSON.stringify({ message: `Invalid ${payload}` }))
        : undefined,
    );
    const io = capture();
    t.equal(await main(['--base-url', refusing, '--email', 'a@example.com'], { MCS_PASSWORD: 'x-password' }, io), 2);
    t.match(io.err.join('\n'), /sign-in refused: 401 Invalid \\u001b\]0;pwned\\u0007/, 'the reason is shown escaped');
    t.notMatch(io.err.join('\n'), TERMINAL_UNSAFE, 'an error quoting the server: no raw control character');
    // The world probe's line aside (the server is no mock): the reason is one line.
    const reason = io.err.filter((l) => !l.includes('/__mock/worlds'));
    t.equal(reason.length, 1, 'and it stays one line');
    t.notMatch(reason[0], /\n/);
  },
);

t.test('a report that cannot be written after the run is one line and exit 2, not a stack trace', async (t) => {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const io = capture();
  io.writeFile = async () => {
    throw new Error("EACCES: permission denied, open 'r.json'");
  };
  const argv = [
    ...['--base-url', `${url}/api/v1/`, '--world', 'default', '--email', 'demo@example.com'],
    ...['--reporter', 'json', '--out', 'r.json'],
  ];
  const code = await main(argv, { MCS_PASSWORD: 'demo-password' }, io);
  t.equal(code, 2);
  t.same(io.err, ["contracts: a report could not be written: EACCES: permission denied, open 'r.json'"]);
});
