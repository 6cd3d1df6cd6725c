// What a hostile deployment can put in front of a terminal, a CI system or a
// browser through the reports: control sequences (window title, clear screen,
// colours, hyperlinks), bidi overrides, forged progress lines, and characters
// that make a JUnit file ill-formed XML. Each is escaped at the output.
import { spawnSync } from 'node:child_process';
import { XMLValidator } from 'fast-xml-parser';
import t from 'tap';
import { progressLine, renderHtml, renderHuman, renderJunit } from '../../contracts/reporters/index.js';
import type { CheckResult, RunReport } from '../../contracts/types.js';
import { ATTACKS, NOT_XML_CHAR, TERMINAL_UNSAFE } from '../helpers/hostile-text.js';

/** A report holding `payload` wherever a deployment's words can reach it. */
function hostile(payload: string): RunReport {
  const result: CheckResult = {
    id: 'x',
    group: 'conformance',
    operationId: 'listPlans',
    title: `lists plans ${payload}`,
    verdict: 'fail',
    problems: [
      {
        message: `listPlans 200 came with a body that is not JSON: ${payload}`,
        expected: `a JSON body ${payload}`,
        actual: `got ${payload}`,
        at: `/data/${payload}`,
        severity: 'error',
        reproduce: {
          request: { method: 'POST', url: `https://h/api/v1/plans/index?q=${payload}`, headers: { platform: 'WEB' } },
          response: { status: 200, contentType: `text/plain ${payload}`, body: `before ${payload} after` },
          curl: `curl -sS -X POST 'https://h/api/v1/plans/index?q=${payload}' \\\n  -H 'platform: WEB'`,
        },
      },
    ],
    notes: [`note ${payload}`],
    ms: 3,
  };
  return {
    tool: 'mcs-contracts',
    target: `https://h/api/v1`,
    startedAt: '2026-11-21T00:00:00.000Z',
    modes: ['read-only'],
    results: [result, { ...result, id: 'y', verdict: 'observation' }, { ...result, id: 'z', verdict: 'skip' }],
    summary: {
      operations: { covered: 1, total: 2, uncovered: [`other${payload}`] },
      checks: { total: 3, passed: 0, failed: 1, observations: 1, skipped: 1 },
      requests: 1,
      durationMs: 10,
    },
  };
}

t.test(
  'regression: a hostile answer reached the terminal as raw control sequences (human reporter, progress lines)',
  async (t) => {
    for (const [name, payload] of ATTACKS) {
      const report = hostile(payload);
      for (const [where, text] of [
        ['progress line', progressLine(report.results[0]!)],
        ['summary', renderHuman(report)],
      ] as const) {
        t.notMatch(text, TERMINAL_UNSAFE, `${name}: no raw control character in the ${where}`);
        t.notOk(
          text.split('\n').some((l) => /^ok {3}conformance {2}forged/.test(l)),
          `${name}: no line forged in the ${where}`,
        );
      }
      t.match(
        progressLine(report.results[0]!),
        /\\u00[0-9a-f]{2}|\\u20[0-9a-f]{2}|\\u061c|\\u000a/,
        `${name}: shown escaped`,
      );
    }
  },
);

/** For each document, why an XML parser refuses it (Python's expat, a real parser, when there is a Python; else fast-xml-parser). */
function xmlProblems(docs: string[]): Array<string | undefined> {
  const script =
    'import sys, json, xml.parsers.expat as e\nout = []\nfor d in json.load(sys.stdin):\n  try:\n    e.ParserCreate().Parse(d.encode("utf-8", "surrogatepass"), True); out.append(None)\n  except Exception as x:\n    out.append(str(x))\nprint(json.dumps(out))';
  const py = spawnSync('python3', ['-c', script], { input: JSON.stringify(docs), encoding: 'utf8' });
  if (py.error === undefined && py.status === 0) return JSON.parse(py.stdout) as Array<string | undefined>;
  return docs.map((d) => {
    const r = XMLValidator.validate(d);
    return r === true ? undefined : r.err.msg;
  });
}

t.test('regression: an answer holding U+FFFF made the JUnit file ill-formed XML', async (t) => {
  const rows: Array<[string, string]> = [
    ['U+FFFF', 'a\uffffb'],
    ['U+FFFE', 'a\ufffeb'],
    ['a lone high surrogate', 'a\ud83db'],
    ['a lone low surrogate', 'a\ude00b'],
    ['NUL', 'a\u0000b'],
    ['U+0001', 'a\u0001b'],
    ['ESC', 'a\u001b[31mb'],
    ['U+001F', 'a\u001fb'],
    ['markup', '</failure><x a="1">&amp;'],
    ...ATTACKS,
  ];
  const docs = rows.map(([, payload]) => renderJunit(hostile(payload)));
  const problems = xmlProblems(docs);
  rows.forEach(([name], i) => {
    t.notMatch(docs[i], NOT_XML_CHAR, `${name}: every character is an XML 1.0 Char`);
    t.equal(problems[i] ?? undefined, undefined, `${name}: an XML parser reads it`);
  });
  const kept = renderJunit(hostile('a 😀 b\tc'));
  t.match(kept, 'a 😀 b', 'a character beyond the BMP is kept');
  t.equal(xmlProblems([kept])[0] ?? undefined, undefined, 'and the file is read');
  t.match(renderJunit(hostile('a\uffffb')), 'a\\uffffb', 'what was escaped is shown');
});

t.test('the HTML report escapes control characters, noncharacters and bidi controls at the output', async (t) => {
  const rows: Array<[string, string]> = [['U+FFFF', 'a\uffffb'], ['a lone surrogate', 'a\ud83db'], ...ATTACKS];
  for (const [name, payload] of rows) {
    const html = renderHtml(hostile(payload));
    t.notMatch(html, TERMINAL_UNSAFE, `${name}: no raw control character`);
    t.notMatch(html, NOT_XML_CHAR, `${name}: no noncharacter or lone surrogate`);
    t.notMatch(html, /<x a=/, `${name}: no markup`);
  }
});
