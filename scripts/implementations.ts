// npm run implementations [-- prism|openapi-backend ...]: the suite against each
// implementation of the spec that nobody here wrote, read-only and with writes,
// and its verdict table (docs/contracts.md shows the output). Dev-only.
import { loadSpec } from '../spec/load.js';
import { IMPLEMENTATIONS, type ImplementationName } from './implementations/servers.js';
import { MODES, type Mode, renderTable, runAgainst, verdictTable } from './implementations/verdict.js';

const names = Object.keys(IMPLEMENTATIONS) as ImplementationName[];
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !names.includes(a as ImplementationName));
if (unknown.length) {
  process.stderr.write(`implementations: no implementation ${unknown.join(', ')}; there are ${names.join(', ')}\n`);
  process.exit(2);
}

const spec = await loadSpec();
for (const name of asked.length ? (asked as ImplementationName[]) : names) {
  const impl = await IMPLEMENTATIONS[name]();
  try {
    for (const mode of Object.keys(MODES) as Mode[]) {
      const table = verdictTable(impl.name, await runAgainst(impl, mode, spec));
      process.stdout.write(`${renderTable(table)}\n\n`);
    }
  } finally {
    await impl.stop();
  }
}
