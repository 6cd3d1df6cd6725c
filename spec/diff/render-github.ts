// spec:diff --format github: each breaking change as an annotation on its line
// of HEAD's spec (an error when it fails the comparison, a warning when
// --fail-on lets it through, a notice when acknowledged), for a workflow's
// log to show on the pull request's diff. Without a file to point into (HEAD
// a git ref), on no line.
import { type Annotation, annotationLine } from '../../lib/github-annotations.js';
import type { DiffReport } from './acknowledge.js';
import { failing } from './usage.js';

export function renderDiffGithub(report: DiffReport): string {
  const fails = new Set(failing(report.verdict, report.usage?.failOn).map((c) => c.id));
  const out: Annotation[] = [];
  for (const c of report.verdict.changes) {
    if (!c.breaking) continue;
    const level = fails.has(c.id) ? 'error' : 'acknowledged' in c ? 'notice' : 'warning';
    const at = report.annotate;
    const usage = c.usage ? ` (${c.usage.usage})` : '';
    out.push({
      level,
      title: `${level === 'notice' ? 'Acknowledged breaking change' : 'Breaking change'}${usage}: ${c.operation}`,
      message: [
        `${c.location}: ${c.message}`,
        c.usage ? c.usage.why : undefined,
        'acknowledged' in c ? `acknowledged: ${c.acknowledged}` : `id: ${c.id}`,
      ]
        .filter(Boolean)
        .join('\n'),
      ...(at ? { file: at.file, line: at.lines.lineOf(at.lines.pointerOf(c)) } : {}),
    });
  }
  return out.map(annotationLine).join('\n') + (out.length ? '\n' : '');
}
