// A TLS port answers plain http:// with an empty reply: the TLS server reads
// "GET / HTTP/1.1" as a broken handshake and closes. The first byte of a
// connection tells them apart (a TLS record of a handshake starts with 0x16,
// an HTTP request with a method's letter), so each connection is read once
// before the TLS server gets it: a handshake goes on to TLS with that byte
// put back, anything else gets a plain HTTP/1.1 400 saying to use https, then
// the connection is closed. Bounded: one chunk (at most the socket's read
// size, 64 KiB) is read to decide, and a connection that sends nothing is
// closed after a timeout.
import { STATUS_CODES } from 'node:http';
import type { Server, Socket } from 'node:net';
import type { MockError } from '../errors.js';

/** A TLS handshake record's first byte (RFC 8446 5.1: ContentType handshake). */
const TLS_HANDSHAKE = 0x16;

/** A connection that sends nothing in this time is closed (a client sends its first bytes at once). */
export const FIRST_BYTES_TIMEOUT_MS = 10_000;

/** The refused connection is given this long to read the answer and close before it is closed. */
const LINGER_MS = 2_000;

/** A Host header that is a bare name or IP literal and a port, safe to put in a URL. */
const HOST_FORM = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
/** A request target in origin form, printable, of a sane length. */
const PATH_FORM = /^\/[\x21-\x7e]{0,2047}$/;

/** The https:// URL a plain request meant: its Host (else the address it reached) and its path, when readable. */
export function httpsUrlOf(head: string, socket: Pick<Socket, 'localAddress' | 'localPort'>): string {
  const [line = '', ...headers] = head.split('\r\n');
  const target = line.split(' ')[1] ?? '';
  const host =
    headers
      .find((h) => /^host:/i.test(h))
      ?.slice(5)
      .trim() ?? '';
  const local = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d)/, '');
  const authority = HOST_FORM.test(host) ? host : `${local.includes(':') ? `[${local}]` : local}:${socket.localPort}`;
  return `https://${authority}${PATH_FORM.test(target) ? target : '/'}`;
}

/** The plain HTTP/1.1 answer of an error: its status, headers and body, and Connection: close. */
function plainAnswer(e: MockError): string {
  const body = JSON.stringify(e.body());
  const headers = {
    ...e.answerHeaders(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${e.statusCode} ${STATUS_CODES[e.statusCode] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

export interface HttpsPort {
  /** Closes the connections still being read (the server's close would otherwise wait for their timeout). */
  dropPending(): void;
}

/**
 * Puts the first-byte check in front of a TLS server's connections: the
 * listeners the server has now (its TLS one) get a connection only once it
 * has sent a handshake. Call it before the server listens.
 */
export function answerPlainHttp(
  server: Server,
  refusal: (url: string) => MockError,
  timeoutMs = FIRST_BYTES_TIMEOUT_MS,
): HttpsPort {
  const tls = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  const pending = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    pending.add(socket);
    // Until it is handed on, an error (a reset) is this code's to take, or it would end the process.
    const failed = () => socket.destroy();
    socket.on('error', failed);
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.once('close', () => pending.delete(socket));
    socket.once('data', (chunk: Buffer) => {
      pending.delete(socket);
      socket.pause();
      socket.setTimeout(0);
      if (chunk[0] === TLS_HANDSHAKE) {
        socket.removeListener('error', failed);
        // Put back: the TLS socket reads what its socket holds before it reads on (Node's initRead).
        socket.unshift(chunk);
        for (const listener of tls) listener.call(server, socket);
        return;
      }
      const answer = plainAnswer(refusal(httpsUrlOf(chunk.toString('latin1'), socket)));
      // What else it sends is read and dropped: closing with unread bytes would reset the answer away.
      socket.resume();
      socket.setTimeout(LINGER_MS, () => socket.destroy());
      socket.end(answer);
    });
  });
  return {
    dropPending() {
      for (const socket of pending) socket.destroy();
    },
  };
}
