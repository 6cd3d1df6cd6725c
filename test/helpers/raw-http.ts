// One request written byte for byte on a socket to 127.0.0.1 (inject() and fetch would
// normalise the request line, the headers or the framing), and what came back.
import { connect } from 'node:net';

/** The bytes the server sent back, as text, once it closed the connection (5 s at most). */
export function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let out = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
    socket.on('data', (d) => (out += d.toString()));
    socket.on('close', () => resolve(out));
    // Node 24 resets the connection once it has answered a request it refuses mid-write: the answer is in.
    socket.on('error', (e) => (out ? resolve(out) : reject(e)));
  });
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** rawExchange, with the answer's status line and headers read. */
export async function rawHttp(port: number, request: string): Promise<RawAnswer> {
  const text = await rawExchange(port, request);
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, text: rest.join('\r\n\r\n') };
}
