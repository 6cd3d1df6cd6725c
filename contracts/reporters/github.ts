// --reporter github: the run as GitHub Actions annotations on spec/openapi.yaml,
// a failed check on its operation's line, a contradicted assumption on its
// x-assumed node's line (a warning: the spec's guess, not a defect), a stopped
// run as one error. Plain text: written anywhere, replayed in a workflow's log.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { type Annotation, annotationLine } from '../../lib/github-annotations.js';
import { specLines } from '../../spec/diff/lines.js';
import { SPEC_PATH } from '../../spec/load.js';
import type { RunReport } from '../types.js';
import { stoppedWhy } from './stopped.js';

/** Findings shown in one annotation; the reports have them all. */
const SHOWN = 3;

export function renderGithub(report: RunReport, specPath: string = SPEC_PATH): string {
  const lines = specLines(readFileSync(specPath, 'utf8'));
  const file = relative(process.cwd(), specPath).split('\\').join('/');
  const on = (pointer: string | undefined) =>
    pointer === undefined ? { file } : { file, line: lines.lineOf(pointer) };
  const out: Annotation[] = [];
  if (report.stopped)
    out.push({
      level: 'error',
      title: `Contract run ${report.stopped.kind}`,
      message: stoppedWhy(report.stopped) ?? `the run was ${report.stopped.kind}`,
    });
  for (const r of report.results) {
    if (r.verdict !== 'fail') continue;
    const shown = r.problems.slice(0, SHOWN).map((p) => `- ${p.message}`);
    if (r.problems.length > SHOWN) shown.push(`(and ${r.problems.length - SHOWN} more in the reports)`);
    out.push({
      level: 'error',
      title: `Contract: ${r.operationId ? `${r.operationId}: ` : ''}${r.title}`,
      message: shown.join('\n') || r.title,
      ...on(r.operationId ? lines.operationPointer(r.operationId) : undefined),
    });
  }
  for (const e of report.ledger?.entries ?? []) {
    if (e.status !== 'contradicted') continue;
    const seen = e.contradictions?.[0];
    out.push({
      level: 'warning',
      title: `Assumption contradicted: ${e.id}`,
      message: [e.reason, seen ? `seen: ${seen.message}` : undefined].filter(Boolean).join('\n'),
      ...on(e.id.startsWith('/') ? e.id : undefined),
    });
  }
  return out.map(annotationLine).join('\n') + (out.length ? '\n' : '');
}
