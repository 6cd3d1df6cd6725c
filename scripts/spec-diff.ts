// npm run spec:diff -- BASE [HEAD] [--format human|json|markdown [--out FILE]]... [--acknowledged FILE]
// BASE and HEAD are files or git refs (HEAD defaults to the working copy).
// Exit 0: no breaking change left unacknowledged; 1: some; 2: could not compare.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { pairOutputs } from '../spec/cli-outputs.js';
import { ACK_PATH, judge, readAcknowledgements } from '../spec/diff/acknowledge.js';
import { diffSpecs } from '../spec/diff/operations.js';
import { type DiffReport, renderDiffHuman, renderDiffJson, renderDiffMarkdown } from '../spec/diff/render.js';
import { loadSource } from '../spec/diff/source.js';

const RENDER = { human: renderDiffHuman, json: renderDiffJson, markdown: renderDiffMarkdown } as const;
type Format = keyof typeof RENDER;

export const USAGE = `usage: npm run spec:diff -- BASE [HEAD] [options]
  BASE, HEAD            a file, a git ref (its spec/openapi.yaml) or REF:path; HEAD defaults to the working copy
  --format F            human (default), json or markdown; repeatable, each with its own --out
  --out FILE            where the format before it writes (else standard output)
  --acknowledged FILE   acknowledged breaking changes (default spec/breaking-changes.yaml)
exit code: 0 no unacknowledged breaking change, 1 some, 2 the comparison could not happen`;

export async function main(argv: string[]): Promise<number> {
  let positionals: string[];
  const outputs: Array<{ format: Format; out?: string }> = [];
  let ackPath = ACK_PATH;
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: {
        format: { type: 'string', multiple: true },
        out: { type: 'string', multiple: true },
        acknowledged: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    if (parsed.values.help) {
      console.log(USAGE);
      return 0;
    }
    outputs.push(
      ...pairOutputs(parsed.tokens, 'format', Object.keys(RENDER) as Format[]).map((o) => ({
        format: o.name,
        out: o.out,
      })),
    );
    positionals = parsed.positionals;
    if (positionals.length < 1 || positionals.length > 2) throw new Error('give BASE and optionally HEAD');
    if (parsed.values.acknowledged) ackPath = parsed.values.acknowledged;
  } catch (err) {
    console.error(`spec:diff: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (outputs.length === 0) outputs.push({ format: 'human' });
  let report: DiffReport;
  try {
    const [base, head] = await Promise.all([loadSource(positionals[0]), loadSource(positionals[1])]);
    report = {
      base: base.label,
      head: head.label,
      verdict: judge(diffSpecs(base.spec, head.spec), readAcknowledgements(ackPath)),
    };
  } catch (err) {
    console.error(`spec:diff: ${(err as Error).message}`);
    return 2;
  }
  for (const o of outputs) {
    const text = RENDER[o.format](report);
    if (o.out) {
      await mkdir(dirname(o.out), { recursive: true });
      await writeFile(o.out, text.endsWith('\n') ? text : `${text}\n`);
    } else console.log(text.trimEnd());
  }
  return report.verdict.unacknowledged.length ? 1 : 0;
}

if (process.argv[1]?.endsWith('spec-diff.ts')) process.exitCode = await main(process.argv.slice(2));
