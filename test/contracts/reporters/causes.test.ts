// Repeated causes: what counts as the same cause (a table of the forms a
// message names its operation in), and one cause on many checks shown once in
// every reporter while the per-check results stay.
import { XMLValidator } from 'fast-xml-parser';
import t from 'tap';
import { causeMessage, groupCauses } from '../../../contracts/reporters/causes.js';
import { renderHtml, renderHuman, renderJson, renderJunit } from '../../../contracts/reporters/index.js';
import type { CheckResult, Finding, RunReport } from '../../../contracts/types.js';
import { spec } from '../../helpers/loaded-spec.js';
import { runReport } from '../../helpers/run-report.js';

const result = (id: string, operationId: string, problems: Finding[], verdict: CheckResult['verdict'] = 'fail') => ({
  id,
  group: 'negative' as const,
  operationId,
  title: 'a method the path lacks',
  verdict,
  problems,
  notes: [],
  ms: 1,
});

t.test('the same cause is the message with its operation taken out: a table of forms', async (t) => {
  const rows: Array<[string, Finding, string, string]> = [
    [
      'a method and path',
      { message: 'PUT /user/signin answered 405 without an Allow header', severity: 'error' },
      'signin',
      '<method> <path> answered 405 without an Allow header',
    ],
    [
      'the operationId',
      { message: 'listClients answered 404, expected 2xx', severity: 'error' },
      'listClients',
      '<operation> answered 404, expected 2xx',
    ],
    [
      'a URL under the API prefix',
      { message: 'https://h/api/v1/room/get took 900 ms', severity: 'error' },
      'getRooms',
      '<path> took 900 ms',
    ],
    [
      'an id',
      { message: 'client 4711 was not read back', severity: 'error' },
      'updateClient',
      'client <id> was not read back',
    ],
    [
      'the finding names its own operation',
      { message: 'getProfile 200 /data: must be object', operationId: 'getProfile', severity: 'error' },
      'x',
      '<operation> 200 /data: must be object',
    ],
  ];
  for (const [name, f, op, want] of rows) t.equal(causeMessage(f, op), want, name);
});

t.test('array indices in a pointer are one cause, with its count and first places', async (t) => {
  const rows: Array<[string, string[], string, number, string[] | undefined]> = [
    [
      'one index, different items on different checks',
      ['listClients 200 /data/data/0/id: must be integer', 'listClients 200 /data/data/3/id: must be integer'],
      '<operation> 200 /data/data/*/id: must be integer',
      2,
      ['/data/data/0/id', '/data/data/3/id'],
    ],
    [
      'a finding folded at its source and one at a single place',
      [
        'listClients 200 /data/data/*/id: must be integer (at 20 places: /data/data/0/id, /data/data/1/id, /data/data/2/id, and 17 more)',
        'listClients 200 /data/data/5/id: must be integer',
      ],
      '<operation> 200 /data/data/*/id: must be integer',
      2,
      ['/data/data/0/id', '/data/data/5/id'],
    ],
    [
      'indices at two depths; a number outside a pointer stays',
      ['X 200 /data/1/rooms/2/id: must be integer, page 2', 'X 200 /data/0/rooms/7/id: must be integer, page 2'],
      '<operation> 200 /data/*/rooms/*/id: must be integer, page 2',
      2,
      ['/data/1/rooms/2/id', '/data/0/rooms/7/id'],
    ],
  ];
  for (const [name, messages, want, count, places] of rows) {
    const causes = groupCauses(
      messages.map((message, i) => {
        // Where the finding was met: the first place of a folded one, else the pointer its message names.
        const at = /places: ([^,]+)/.exec(message)?.[1] ?? / (\/[\w/]+):/.exec(message)?.[1];
        return result(`c${i}`, message.split(' ')[0]!, [{ message, severity: 'error', at }]);
      }),
    );
    t.equal(causes.length, 1, `${name}: one cause`);
    t.match(causes[0], { message: want, count, places }, name);
    const results = messages.map((message, i) =>
      result(`c${i}`, 'X', [{ message, severity: 'error', at: causes[0]!.places![i] }]),
    );
    const report = runReport(results);
    const first = `first at ${causes[0]!.places!.join(', ')}`;
    t.match(renderHuman(report), first, `${name}: human names the first places`);
    t.match(renderHtml(report), `first at <code>${causes[0]!.places![0]}</code>`, `${name}: HTML too`);
  }
});

t.test(
  'what differs in keyword, severity or assumption is another cause; one check is no repeated cause',
  async (t) => {
    const f: Finding = {
      message: 'X answered 405 without an Allow header',
      severity: 'observation',
      assumption: 'http:a',
    };
    const causes = groupCauses([
      result('1', 'X', [f]),
      result('2', 'X', [{ ...f, severity: 'error', assumption: undefined }]),
      result('3', 'X', [{ ...f, assumption: 'http:b' }]),
      result('4', 'X', [{ ...f, keyword: 'status' }]),
      result('5', 'X', [f], 'skip'),
    ]);
    t.same(causes, [], 'five findings, no two of one cause (a skip counts none)');
  },
);

function wall(): RunReport {
  const ops = spec.operations.slice(0, 26);
  const results = ops.map((o) =>
    result(`negative:${o.operationId}:method`, o.operationId, [
      {
        message: `PUT ${o.path} answered 405 without an Allow header (RFC 9110 requires one)`,
        expected: `Allow: ${o.method.toUpperCase()}`,
        actual: 'no Allow header',
        severity: 'error',
      },
    ]),
  );
  results.push(
    result('auth:x', 'listClients', [{ message: 'listClients answered 200, expected 401', severity: 'error' }]),
  );
  return runReport(results);
}

t.test('one cause on 26 checks is one cause in every reporter; each check keeps its verdict', async (t) => {
  const report = wall();
  const names = report.results.slice(0, 26).map((r) => r.operationId!);
  const json = JSON.parse(renderJson(report));
  t.equal(json.results.length, 27, 'JSON: the per-check results stay');
  t.equal(json.causes.length, 1, 'JSON: one repeated cause');
  t.same(json.causes[0].operations, names, 'JSON: with the operations it touched');
  t.equal(json.causes[0].message, '<method> <path> answered 405 without an Allow header (RFC 9110 requires one)');

  const human = renderHuman(report);
  t.equal(human.split('without an Allow header').length - 1, 1, 'human: the cause once, not 26 rows of it');
  t.match(human, /1\. <method> <path> answered 405 .*\(on 26 checks, 26 operations: signup, /);
  t.equal(
    human.split('repeated cause 1 (see Repeated causes)').length - 1,
    26,
    'human: each failed check points at it',
  );
  t.match(human, /listClients answered 200, expected 401/, 'human: a cause seen once is shown as before');

  const html = renderHtml(report);
  const section = html.slice(html.indexOf('<ul id="causes"'), html.indexOf('</ul>\n', html.indexOf('<ul id="causes"')));
  t.equal(section.split('<li data-cause>').length - 1, 1, 'HTML: one cause');
  for (const n of names) t.match(section, `<code>${n}</code>`, `HTML: lists ${n}`);
  t.equal(html.split('class="check fail"').length - 1, 27, 'HTML: every check still there');

  const junit = renderJunit(report);
  t.equal(XMLValidator.validate(junit), true, 'JUnit: well-formed');
  const property = /<property name="cause\.1" value="([^"]*)"\/>/.exec(junit)?.[1] ?? '';
  t.match(property, 'on 26 checks, 26 operations', 'JUnit: the cause as a property');
  for (const n of names) t.match(property, n);
  t.equal(junit.split('<testcase').length - 1, 27, 'JUnit: every check still a test case');
});

t.test('a cause on one operation says "1 operation", in every reporter', async (t) => {
  // The summary read "(on 2 checks, 1 operations: getCurrentPlan)" and the HTML "1 operations".
  const finding = { message: 'getCurrentPlan 200 /data/plan/price: must be number', severity: 'error' as const };
  const report = runReport([
    result('conformance:getCurrentPlan', 'getCurrentPlan', [finding]),
    result('auth:getCurrentPlan:x-api-token', 'getCurrentPlan', [finding]),
  ]);
  t.match(renderHuman(report), '(on 2 checks, 1 operation: getCurrentPlan)');
  t.match(renderHtml(report), '<summary>1 operation</summary>');
  t.match(renderHtml(report), '2 findings on 2 checks');
  t.notMatch(renderHuman(report) + renderHtml(report) + renderJunit(report), /\b1 operations\b/);
});
