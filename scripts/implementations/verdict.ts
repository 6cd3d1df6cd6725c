// The verdict table against an implementation nobody here wrote: every failed
// finding of the run, named by its cause, each cause either a true defect of
// that implementation or a false alarm (with why). A finding no cause names is
// listed as unexplained: the table is complete or says it is not.
import { runContracts } from '../../contracts/runner.js';
import type { RunReport } from '../../contracts/types.js';
import type { LoadedSpec } from '../../spec/load.js';
import type { Implementation } from './servers.js';

export interface Cause {
  name: string;
  /** true: the implementation really does this wrong; false: the suite is wrong to fail it. */
  defect: boolean;
  /** Matches `check id | finding message`. */
  test: RegExp;
}

/** Ordered: the first that matches names the finding. */
export const CAUSES: Cause[] = [
  {
    name: 'a made-up token accepted',
    defect: true,
    test: /^auth:[^|]*:made-up \| \w+ answered 2\d\d, expected 401/,
  },
  {
    // The auth and subscription checks send `{}` to operations that take a body; a server that validates
    // before it authenticates (or checks the plan) refuses the body, and the finding blames the gate.
    name: "the suite's own input: an empty body refused before the token or plan is looked at",
    defect: false,
    test: /^(auth:[^|]*:made-up \| \w+ answered (400|422), expected 401|subscription:\w+ \| \w+ answered (400|422), expected 403)/,
  },
  {
    name: 'no subscription gate',
    defect: true,
    test: /^subscription:[^|]* \| (\w+ answered 2\d\d, expected 403|only \d+ of (?:the )?\d+ (?:selected )?gated operations refused)/,
  },
  {
    name: 'logout ends nothing',
    defect: true,
    test: /^(sequences:logged-out-token|conformance:logout) \|/,
  },
  {
    // A static mock answers every room/get and get-by-client-id with the same example rooms.
    name: 'rooms not filtered by client or room',
    defect: true,
    test: /^meaning:(getRoomMeasurements|getRoomsByClientId):[^|]* \| room\/get/,
  },
  {
    name: 'writes not read back',
    defect: true,
    test: /^(writes:\w+ \| the new measurement .* is not listed|sequences:update-then-read \| after the update)/,
  },
  {
    name: 'any reset token or current password accepted',
    defect: true,
    test: /^conformance:(resetPassword:refuses an unknown reset token|updatePassword:refuses a wrong current password) \|/,
  },
  {
    // The README's handlers answer a refusal with `{ err }`, not the API's `{ status, message }`.
    name: 'refusals not in the documented error shape',
    defect: true,
    test: / \d{3} (\/(message|status): must have required property|\(body\): must match exactly one schema)/,
  },
  {
    // Neither the spec nor the document says anything about 405; RFC 9110's Allow is outside them.
    name: 'a rule outside the spec: 405 without an Allow header (RFC 9110)',
    defect: false,
    test: /^negative:\w+:method \| .* answered 405 without an Allow header/,
  },
];

export interface Row {
  cause: string;
  defect: boolean;
  checks: string[];
}

export interface Table {
  implementation: string;
  mode: string;
  summary: RunReport['summary']['checks'];
  rows: Row[];
  /** Failed findings no cause names: `id | message`. */
  unexplained: string[];
}

/** Every error finding of every failed check, grouped by cause. */
export function verdictTable(implementation: string, report: RunReport): Table {
  const rows = new Map<string, Row>();
  const unexplained: string[] = [];
  for (const r of report.results.filter((x) => x.verdict === 'fail')) {
    for (const p of r.problems.filter((x) => x.severity !== 'observation')) {
      const line = `${r.id} | ${p.message}`;
      const cause = CAUSES.find((c) => c.test.test(line));
      if (!cause) {
        unexplained.push(line);
        continue;
      }
      const row = rows.get(cause.name) ?? { cause: cause.name, defect: cause.defect, checks: [] };
      if (!row.checks.includes(r.id)) row.checks.push(r.id);
      rows.set(cause.name, row);
    }
  }
  return {
    implementation,
    mode: report.modes.join(', '),
    summary: report.summary.checks,
    rows: [...rows.values()],
    unexplained,
  };
}

export const MODES = { 'read-only': false, writes: true } as const;
export type Mode = keyof typeof MODES;

/** The suite against one implementation, as the CLI would run it with the demo and no-plan accounts. */
export async function runAgainst(impl: Implementation, mode: Mode, spec?: LoadedSpec): Promise<RunReport> {
  return runContracts(
    {
      baseUrl: impl.url,
      basePath: impl.basePath,
      credentials: { email: 'demo@example.com', password: 'demo-password' },
      nosub: { email: 'nosub@example.com', password: 'demo-password' },
      allowWrites: MODES[mode],
      timeoutMs: 10_000,
      deadlineMs: 300_000,
    },
    spec,
  );
}

/** The table as docs/contracts.md shows it (Markdown). */
export function renderTable(t: Table): string {
  const { failed, passed, observations, skipped } = t.summary;
  const lines = [
    `**${t.implementation}**, ${t.mode}: ${passed} passed, ${failed} failed, ${observations} observations, ${skipped} skipped`,
    '',
    '| cause | kind | failed checks |',
    '|---|---|---|',
    ...t.rows.map(
      (r) =>
        `| ${r.cause} | ${r.defect ? 'true defect' : '**false alarm**'} | ${r.checks.length}: ${r.checks.join(', ')} |`,
    ),
    ...t.unexplained.map((u) => `| unexplained: ${u.replaceAll('|', '\\|')} | ? | |`),
  ];
  return lines.join('\n');
}
