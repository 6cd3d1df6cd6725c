// Why a server could not listen, said with what to do: a port in use names the
// process that holds it where the OS says (Linux's /proc: the socket's inode in
// /proc/net/tcp, then the process whose descriptors hold it), and the flags that
// choose another; a port that needs privileges says so. Best effort and bounded:
// no command is run, at most a few thousand descriptors are read.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Descriptors read at most while looking for the socket's owner. */
const MAX_DESCRIPTORS = 20_000;

/** The inodes of the sockets listening on a port (TCP, IPv4 and IPv6), from /proc/net. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      if (f[1]?.endsWith(`:${hex}`) && f[3] === '0A' && f[9] && f[9] !== '0') inodes.add(f[9]);
    }
  }
  return inodes;
}

/** The process holding one of these socket inodes: its id and command line, or undefined. */
function owner(inodes: Set<string>): { pid: number; command: string } | undefined {
  if (!inodes.size) return undefined;
  let read = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      if (++read > MAX_DESCRIPTORS) return undefined;
      let target = '';
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) {
        let command = '';
        try {
          command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim().slice(0, 120);
        } catch {
          /* the command line is not ours to read */
        }
        return { pid: Number(pid), command };
      }
    }
  }
  return undefined;
}

/** One line: why `host:port` could not be listened on, and what to do about it. */
export function listenFailure(who: string, host: string, port: number, err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE') {
    const holder = owner(listeningInodes(port));
    const held = holder
      ? `process ${holder.pid}${holder.command ? ` (${holder.command})` : ''} holds it`
      : `another program holds it (\`ss -ltnp 'sport = :${port}'\` or \`lsof -i :${port}\` shows which)`;
    return `${who}: port ${port} on ${host} is in use: ${held}; stop it, or start with --port N (--port 0 takes a free one)`;
  }
  if (code === 'EACCES' && port < 1024)
    return `${who}: port ${port} on ${host} needs privileges this user lacks (ports below 1024): start with --port N (1024 or above)`;
  if (code === 'EADDRNOTAVAIL')
    return `${who}: ${host} is no address of this machine (--host): give one it has, 127.0.0.1 or 0.0.0.0`;
  return `${who}: cannot listen on ${where}: ${(err as Error)?.message ?? String(err)}`;
}
