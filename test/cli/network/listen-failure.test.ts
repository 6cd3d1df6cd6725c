// A server that cannot listen says why with what to do: a port in use names the
// process holding it where the OS says (Linux's /proc), else how to find it, and
// the flags that choose another; privileges and foreign addresses likewise.
import { createServer } from 'node:net';
import t from 'tap';
import { listenFailure } from '../../../cli/network/listen-failure.js';

const err = (code: string, message = `listen ${code}`) => Object.assign(new Error(message), { code });

t.test('a port in use: the process holding it, and --port', async (t) => {
  const held = createServer();
  await new Promise<void>((ok) => held.listen(0, '127.0.0.1', ok));
  t.teardown(() => held.close());
  const port = (held.address() as { port: number }).port;
  const line = listenFailure('mock', '127.0.0.1', port, err('EADDRINUSE'));
  t.match(line, new RegExp(`^mock: port ${port} on 127\\.0\\.0\\.1 is in use: `));
  t.match(line, /; stop it, or start with --port N \(--port 0 takes a free one\)$/);
  if (process.platform === 'linux') t.match(line, `process ${process.pid} (`, 'this process holds it, as /proc says');
  else t.match(line, /ss -ltnp|lsof -i/);
});

const ROWS: Array<[string, Error, RegExp]> = [
  [
    'in use, by nobody the OS names (a port no socket here listens on)',
    err('EADDRINUSE'),
    /^proxy: port 1 on 127\.0\.0\.1 is in use: another program holds it \(`ss -ltnp 'sport = :1'` or `lsof -i :1` shows which\); stop it, or start with --port N/,
  ],
  ['a privileged port', err('EACCES'), /^proxy: port 1 on 127\.0\.0\.1 needs privileges .*--port N \(1024 or above\)$/],
  [
    'an address not of this machine',
    err('EADDRNOTAVAIL'),
    /^proxy: 127\.0\.0\.1 is no address of this machine \(--host\)/,
  ],
  [
    'anything else, as the system says it',
    err('EMFILE', 'too many open files'),
    /^proxy: cannot listen on 127\.0\.0\.1:1: too many open files$/,
  ],
];

for (const [name, e, says] of ROWS)
  t.test(name, async (t) => {
    t.match(listenFailure('proxy', '127.0.0.1', 1, e), says);
  });
