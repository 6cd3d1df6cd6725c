// The contract CLI's peak memory against hostile deployments (issue 26): an
// endless answer or a bomb held 1.6 GB (3 GB with --fuzz 4) through excerpts
// sliced from 10 MiB answers; ten million schema violations ran it out of
// memory (exit 134 at 4.6 GB, no report). Each run is the CLI as a child, as a
// user runs it, with every reporter writing a file; its peak resident memory
// (VmHWM) must stay under the bound the docs state, and its reports be written.
import t from 'tap';
import { hostileRun, hostileRunHeld, PEAK_RSS_BOUND_MIB } from '../../scripts/bench/hostile-cli.js';
import { HOSTILE_NAMES } from '../../scripts/bench/hostile-servers.js';

// One run per server, without --fuzz (~20 s of CPU each); `npm run bench -- --only hostile`
// runs each with --fuzz 4 as well, and fails past the same bound.
t.setTimeout(20 * 60 * 1000);

for (const server of HOSTILE_NAMES)
  t.test(
    `regression: against ${server} the CLI stays under ${PEAK_RSS_BOUND_MIB} MiB and writes its reports`,
    async (t) => {
      const run = await hostileRun(server, 0, { deadline: 600 });
      t.comment(JSON.stringify(run));
      t.equal(run.exitCode, 1, 'the run ends with a violation (134 was out of memory; null, killed past the deadline)');
      t.ok(run.reportWritten, 'the JSON, JUnit and HTML reports are written');
      t.ok(run.peakRssMiB > 0, 'the peak was measured');
      t.ok(run.peakRssMiB < PEAK_RSS_BOUND_MIB, `peak RSS ${run.peakRssMiB} MiB, under ${PEAK_RSS_BOUND_MIB} MiB`);
      t.ok(hostileRunHeld(run), 'the bench counts this run as held');
    },
  );
