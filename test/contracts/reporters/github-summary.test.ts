// --reporter github and --reporter summary: where reviewers look. A failed
// check is an error annotation on its operation's line of spec/openapi.yaml,
// a contradicted assumption a warning on its x-assumed node's line; the
// summary gives the verdict, the counts, the ledger's headline and the failures.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { renderGithub } from '../../../contracts/reporters/github.js';
import { renderSummary } from '../../../contracts/reporters/summary.js';
import type { CheckResult } from '../../../contracts/types.js';
import { SPEC_PATH } from '../../../spec/load.js';
import { runReport } from '../../helpers/run-report.js';

const specText = readFileSync(SPEC_PATH, 'utf8').split('\n');
const lineOf = (re: RegExp) => specText.findIndex((l) => re.test(l)) + 1;

const result = (
  id: string,
  verdict: CheckResult['verdict'],
  operationId?: string,
  messages: string[] = [],
): CheckResult => ({
  id,
  group: 'conformance',
  operationId,
  title: `${id} title`,
  verdict,
  problems: messages.map((message) => ({ message, severity: 'error' as const })),
  notes: [],
  ms: 1,
});

const ledger = {
  headline: 'the mock agrees with this deployment on 1 of 2 assumptions observed',
  confirmed: 1,
  contradicted: 1,
  notObserved: 0,
  entries: [
    {
      id: '/x-platform-refusal',
      kind: 'choice',
      reason: 'a missing platform header is refused',
      status: 'contradicted' as const,
      operations: ['listClients'],
      contradictions: [{ checkId: 'x', message: 'answered 200 without platform' }],
    },
    { id: '/x-sessions', kind: 'choice', reason: 'r', status: 'confirmed' as const, operations: [] },
  ],
};

const report = runReport(
  [
    result('a', 'fail', 'listClients', ['one', 'two', 'three', 'four: 100%, really']),
    result('b', 'pass', 'listClients'),
    result('c', 'fail', undefined, ['run-wide']),
  ],
  { ledger },
);

t.test('github: errors on operations, warnings on assumptions, each on its line', async (t) => {
  const lines = renderGithub(report).trim().split('\n');
  t.equal(lines.length, 3);
  const listLine = lineOf(/^\s+operationId: listClients$/) - 1; // the `post:` key above it
  t.match(
    lines[0],
    new RegExp(
      `^::error file=spec/openapi.yaml,line=${listLine},title=Contract%3A listClients%3A a title::- one%0A- two%0A- three%0A\\(and 1 more in the reports\\)$`,
    ),
  );
  t.match(lines[1], /^::error file=spec\/openapi.yaml,title=Contract%3A c title::- run-wide$/, 'no operation: no line');
  t.match(
    lines[2],
    new RegExp(
      `^::warning file=spec/openapi.yaml,line=${lineOf(/^x-platform-refusal:/)},title=Assumption contradicted%3A /x-platform-refusal::`,
    ),
  );
  t.match(lines[2], /seen: answered 200 without platform$/);
  t.equal(renderGithub(runReport([result('b', 'pass', 'listClients')])), '', 'nothing to say, nothing written');
  const stopped = renderGithub(runReport([], { stopped: { kind: 'aborted', reason: 'sign-in failed' } }));
  t.match(stopped, /^::error title=Contract run aborted::sign-in failed\n$/);
});

t.test('summary: the verdict, counts, the ledger headline and the failures in Markdown', async (t) => {
  const md = renderSummary(report);
  t.match(md, /^### Contract suite against `https:\/\/h\/api\/v1`\n/);
  t.match(md, /:x: \*\*The deployment does NOT honour the spec\.\*\*/);
  t.match(md, /Checks: 1 passed, 2 failed, 0 observations, 0 skipped/);
  t.match(md, /\*\*Assumptions:\*\* the mock agrees .* \(1 confirmed, 1 contradicted, 0 not observed\)/);
  t.match(md, /\| a title \| `listClients` \| one \|/);
  t.match(
    renderSummary(runReport([result('b', 'pass', 'x')])),
    /:white_check_mark: \*\*The deployment honours the spec\.\*\*/,
  );
  const many = runReport(Array.from({ length: 25 }, (_, i) => result(`f${i}`, 'fail', 'x', ['m|n'])));
  const text = renderSummary(many);
  t.equal(text.match(/^\| f\d+ title/gm)?.length, 20, 'twenty listed');
  t.match(text, /and 5 more: see the HTML report/);
  t.match(text, /m\\\|n/, 'a pipe in a finding does not break the table');
});
