// The cap on the problems a report lists, per check and per run: a body with a
// million violations must not make a report no one can write or read. What is
// left out is counted in one last problem, so that the report still says it.
import type { RunContext } from './options.js';
import { type Finding, resting } from './types.js';

export class ProblemCap {
  /** Problems listed in the report so far (the per-run cap). */
  private listed = 0;

  constructor(private readonly ctx: Pick<RunContext, 'maxProblemsPerCheck' | 'maxProblemsPerRun'>) {}

  /** The problems the report lists of one check's, and the run's count of them updated. */
  cap(problems: Finding[], operationId: string | undefined): Finding[] {
    const { maxProblemsPerCheck: perCheck, maxProblemsPerRun: perRun } = this.ctx;
    const room = Math.max(0, Math.min(perCheck, perRun - this.listed));
    if (problems.length <= room) {
      this.listed += problems.length;
      return problems;
    }
    const rest = problems.slice(room);
    this.listed += room;
    return [
      ...problems.slice(0, room),
      // An observation when every one left out is (named by the first one's assumption); else an error.
      resting(
        {
          operationId,
          message: `... and ${rest.length} more problem${rest.length === 1 ? '' : 's'} not listed (a report lists at most ${perCheck} per check and ${perRun} per run)`,
        },
        rest.every((p) => p.assumption) ? rest[0]!.assumption : undefined,
      ),
    ];
  }
}
