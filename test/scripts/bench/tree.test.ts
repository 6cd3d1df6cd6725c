// The tree section's helpers: a process tree read from /proc, and its table with the targets' verdicts.
import { spawn } from 'node:child_process';
import t from 'tap';
import { processTree, treeTable } from '../../../scripts/bench/tree.js';

t.test('processTree holds the process and its descendants with their memory', async (t) => {
  if (process.platform !== 'linux') {
    t.pass('it reads /proc: Linux only');
    return;
  }
  const child = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  // Until the shell has started its sleep: waited for, not a fixed 300 ms a loaded machine may overrun.
  let tree = processTree(process.pid);
  for (let i = 0; i < 500 && !tree.some((p) => p.command.startsWith('sleep 30')); i++) {
    await new Promise((r) => setTimeout(r, 20));
    tree = processTree(process.pid);
  }
  const commands = tree.map((p) => p.command);
  t.equal(tree[0]!.pid, process.pid, 'the root first');
  t.ok(
    commands.some((c) => c.startsWith('sh -c')),
    'the child',
  );
  t.ok(
    commands.some((c) => c.startsWith('sleep 30')),
    'and the grandchild',
  );
  t.ok(tree.every((p) => p.kb >= 0));
});

t.test('treeTable gives the verdicts against the targets', (t) => {
  const row = { clients: 1_000_000, firstPageMs: 2100, firstSearchMs: 40, keywordP99: 9, treeMiB: 330 };
  const met = treeTable({ ...row, processes: [{ command: 'node --import tsx', rssMiB: 270 }] });
  t.match(met, /\| 1,000,000 \| 2\.10 \| 40\.0 \| 9\.0 \| 330 \| node --import tsx 270 \|/);
  t.match(met, /tree < 350 MiB \(met\), first page < 3 s \(met\)/);
  t.match(treeTable({ ...row, treeMiB: 400, firstPageMs: 3500, processes: [] }), /\(NOT met\).*\(NOT met\)/);
  t.end();
});
