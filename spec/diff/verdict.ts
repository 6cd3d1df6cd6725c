// What a comparison is, as spec:diff judges it and its reporters write it:
// the changes with their acknowledgements and, given usage, their usage verdicts.
import type { SpecLines } from './lines.js';
import type { Change } from './operations.js';

export interface Acknowledgement {
  id: string;
  reason: string;
}

export type UsageVerdict = 'used' | 'unused' | 'unknown';

/** What makes spec:diff exit 1: any unacknowledged breaking change (the default), or only those apps use
 *  (`used`), or those apps use or might (`unknown`). */
export const FAIL_ON = ['breaking', 'used', 'unknown'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export interface UsageEvidence {
  /** A usage file's source and label (or its index), its period and what it saw of the change. */
  source: string;
  since: string;
  until: string;
  calls: number;
  platforms: Record<string, number>;
  /** What matched: `sent /limit 12 times`, `read /data/name 3 times`, `sent "IOS" 4 times`. */
  saw?: string;
}

export interface ChangeUsage {
  usage: UsageVerdict;
  /** One line for people: `used by mock (12 calls; WEB, IOS)`, `unused: no call in 2 sources`. */
  why: string;
  evidence: UsageEvidence[];
}

export interface UsageContext {
  failOn: FailOn;
  /** Each usage file as evidence names it. */
  sources: Array<{ source: string; since: string; until: string }>;
}

export interface Verdict {
  /** Every change; `usage` only when usage files were given (spec/diff/usage.ts). */
  changes: Array<Change & { acknowledged?: string; usage?: ChangeUsage }>;
  unacknowledged: Change[];
  /** Acknowledgements that match no change of this diff. */
  unused: Acknowledgement[];
  /** Acknowledgements that matched by the long id of earlier versions, with the id to use now. */
  legacy: Array<{ old: string; id: string }>;
}

/** A comparison judged, as the reporters (spec/diff/render.ts) write it. */
export interface DiffReport {
  base: string;
  head: string;
  verdict: Verdict;
  /** The base the acknowledgements name, and whether this comparison starts from it (same document). */
  acks?: { base?: string; fromBase: boolean };
  /** The commit of BASE when it is a git ref: the `base:` a new acknowledgement names. */
  baseCommit?: string;
  /** List every acknowledgement that matches nothing, not one line. */
  verbose?: boolean;
  /** The usage files the changes were marked with, and what fails the comparison. */
  usage?: UsageContext;
  /** HEAD as a file annotations can point into (the working copy or a file given), and its lines. */
  annotate?: { file: string; lines: SpecLines };
}
