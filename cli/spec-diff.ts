#!/usr/bin/env node
// npm run spec:diff -- BASE [HEAD] [--format human|json|markdown [--out FILE]]... [--acknowledged FILE]
//   [--usage FILE]... [--fail-on breaking|used|unknown]
// BASE and HEAD are files or git refs (HEAD defaults to the working copy).
// Exit 0: nothing that fails (by default: no breaking change left unacknowledged); 1: some; 2: could not compare.
import { ACK_PATH, judge, readAcknowledgements, startsFromBase } from '../spec/diff/acknowledge.js';
import { specLines } from '../spec/diff/lines.js';
import { diffSpecs } from '../spec/diff/operations.js';
import { type DiffReport, renderDiffHuman, renderDiffJson, renderDiffMarkdown } from '../spec/diff/render.js';
import { renderDiffGithub } from '../spec/diff/render-github.js';
import { loadSource, MAX_SPEC_BYTES } from '../spec/diff/source.js';
import { FAIL_ON, type FailOn, failing, markUsage, usageSources } from '../spec/diff/usage.js';
import { readUsageFile } from '../spec/usage/read.js';
import { type Args, flag, nonEmpty, oneOf, parseCommand, refuse, runMain, value } from './kit/command.js';
import { checkOuts, pairOutputs, writeReport } from './kit/outputs.js';
import { size } from './kit/ranges.js';

const RENDER = {
  human: renderDiffHuman,
  json: renderDiffJson,
  markdown: renderDiffMarkdown,
  github: renderDiffGithub,
} as const;
type Format = keyof typeof RENDER;
const FORMATS = Object.keys(RENDER) as Format[];

export const SPEC_DIFF_COMMAND = {
  name: 'spec:diff',
  synopsis: 'npm run spec:diff -- BASE [HEAD] [options]',
  bin: 'mcs-spec-diff',
  positionals: {
    label: 'BASE, HEAD',
    description: 'a file, a git ref (its spec/openapi.yaml) or REF:path; HEAD defaults to the working copy',
  },
  options: {
    format: value('F', 'how the comparison is written, each with its own --out', {
      parse: oneOf(FORMATS),
      repeatable: true,
      shownDefault: 'human',
    }),
    out: value('FILE', 'where the format before it writes; else standard output', { repeatable: true }),
    acknowledged: value('FILE', 'acknowledged breaking changes', {
      parse: nonEmpty('a file'),
      default: ACK_PATH,
      shownDefault: 'spec/breaking-changes.yaml',
    }),
    'max-spec-bytes': value(
      'SIZE',
      'a spec (file or git object) or acknowledgements file larger than this is not read',
      {
        parse: size,
        default: MAX_SPEC_BYTES,
        shownDefault: `${MAX_SPEC_BYTES / 2 ** 20}m`,
      },
    ),
    usage: value(
      'FILE',
      'usage recorded by the mock, the proxy or the typed client (docs/usage.md): marks each change used, unused or unknown',
      {
        parse: nonEmpty('a file'),
        repeatable: true,
      },
    ),
    'fail-on': value(
      'WHAT',
      'which unacknowledged breaking changes fail: every one, those apps use, or those they use or might',
      {
        parse: oneOf(FAIL_ON),
        default: 'breaking' as FailOn,
        shownDefault: 'breaking',
      },
    ),
    verbose: flag(
      'list each acknowledgement that matches no change (else one line unless the comparison starts from the base the file names)',
    ),
  },
  notes: [
    'exit code: 0 nothing fails (by default no unacknowledged breaking change), 1 some, 2 the comparison could not happen',
    '--fail-on used or unknown needs --usage: without usage every change is unknown',
  ],
};

interface Plan {
  base: string;
  head: string | undefined;
  outputs: Array<{ format: Format; out?: string }>;
  ackPath: string;
  maxBytes: number;
  verbose: boolean;
  usage: string[];
  failOn: FailOn;
}

function plan({ values, positionals, tokens }: Args<typeof SPEC_DIFF_COMMAND.options>): Plan {
  if (positionals.length < 1 || positionals.length > 2) throw new Error('give BASE and optionally HEAD');
  if (values['fail-on'] !== 'breaking' && !values.usage?.length)
    throw new Error(`--fail-on ${values['fail-on']} needs --usage FILE: without usage every change is unknown`);
  const outputs = pairOutputs(tokens, 'format', FORMATS).map((o) => ({ format: o.name, out: o.out }));
  return {
    base: positionals[0]!,
    head: positionals[1],
    outputs,
    ackPath: values.acknowledged,
    maxBytes: values['max-spec-bytes'],
    verbose: values.verbose,
    usage: values.usage ?? [],
    failOn: values['fail-on'],
  };
}

export async function main(argv: string[]): Promise<number> {
  const parsed = parseCommand(SPEC_DIFF_COMMAND, argv, (args) => ({ ok: true as const, plan: plan(args) }));
  if (!parsed.ok) return refuse(SPEC_DIFF_COMMAND, parsed);
  const { outputs, ackPath, maxBytes } = parsed.plan;
  if (outputs.length === 0) outputs.push({ format: 'human' });
  const unwritable = checkOuts(outputs.map((o) => o.out));
  if (unwritable) return refuse(SPEC_DIFF_COMMAND, { ok: false, message: unwritable });
  let report: DiffReport;
  try {
    const [base, head] = await Promise.all([
      loadSource(parsed.plan.base, { maxBytes }),
      loadSource(parsed.plan.head, { maxBytes }),
    ]);
    const acks = readAcknowledgements(ackPath, maxBytes);
    // A file without a label is named by its path in the evidence: `mock (usage/mock.json)` says more than `mock #1`.
    const usage = parsed.plan.usage.map((path) => {
      const file = readUsageFile(path);
      return file.label ? file : { ...file, label: path };
    });
    const verdict = judge(diffSpecs(base.spec, head.spec), acks.entries);
    report = {
      base: base.label,
      head: head.label,
      verdict: usage.length ? markUsage(verdict, usage) : verdict,
      ...(usage.length ? { usage: { failOn: parsed.plan.failOn, sources: usageSources(usage) } } : {}),
      ...(outputs.some((o) => o.format === 'github') && head.file
        ? { annotate: { file: head.file, lines: specLines(head.text) } }
        : {}),
      acks: { ...(acks.base ? { base: acks.base } : {}), fromBase: startsFromBase(acks, base.text, { maxBytes }) },
      ...(base.commit ? { baseCommit: base.commit } : {}),
      verbose: parsed.plan.verbose,
    };
  } catch (err) {
    console.error(`spec:diff: ${(err as Error).message}`);
    return 2;
  }
  for (const o of outputs) {
    const text = RENDER[o.format](report);
    if (!o.out) console.log(text.trimEnd());
    else if (!written(o.out, text.endsWith('\n') ? text : `${text}\n`)) return 2;
  }
  return failing(report.verdict, report.usage?.failOn).length ? 1 : 0;
}

function written(out: string, text: string): boolean {
  try {
    writeReport(out, text);
    return true;
  } catch (err) {
    console.error(`spec:diff: the comparison could not be written to --out ${out}: ${(err as Error).message}`);
    return false;
  }
}

await runMain(import.meta.url, main);
