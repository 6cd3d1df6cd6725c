// Hostile deployments for the contract CLI's memory bound (issue 26): each
// signs anyone in, then answers every other call in a way meant to make the
// suite hold as much as it can, or (base64-echo, issue 38) to carry its
// secrets into the reports in a form redaction missed. On 127.0.0.1, in this
// process; the CLI under measure runs as a child (hostile-cli.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { deflateSync, gzipSync } from 'node:zlib';

const MiB = 2 ** 20;

export type HostileName = 'bomb' | 'endless' | 'million-violations' | 'huge-excerpt' | 'pages' | 'base64-echo';

type Answer = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const json = (res: ServerResponse, status: number, text: string | Buffer) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
};

/** 64 MiB of spaces, about 64 KiB on the wire. */
function bomb(): Answer {
  const gz = gzipSync(Buffer.alloc(64 * MiB, 0x20));
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(gz);
  };
}

/** A JSON array that never ends, as fast as the client reads. */
function endless(): Answer {
  const chunk = Buffer.from(`${'1,'.repeat(32 * 1024)}`);
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"status":"success","data":[');
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) {
        /* until the socket pushes back */
      }
    };
    res.on('drain', pump);
    pump();
  };
}

/** Ten million bytes of JSON, about ten million schema violations (3.3 million objects missing every property). */
function millionViolations(): Answer {
  const n = 3_300_000;
  const text = Buffer.from(`{"message":1,"status":1,"data":[${'{},'.repeat(n)}{}]}`);
  return (_req, res) => json(res, 200, text);
}

/** About 9.5 MiB of JSON whose every value and one key are megabytes long, with escapes and control characters. */
function hugeExcerpt(): Answer {
  const piece = JSON.stringify('\u001b]0;x\u0007 "quoted" \\ é 日本 😀 ').slice(1, -1);
  const long = (mib: number) => piece.repeat(Math.floor((mib * MiB) / piece.length));
  const text = Buffer.from(
    `{"message":"${long(3)}","status":["${long(1)}"],"data":[{"id":"${long(3)}","${long(1)}":1}],"errors":{"${long(1)}":["x"]}}`,
  );
  return (_req, res) => json(res, 200, text);
}

/** A schema-valid page of 8 MiB (a long `path`) that always has a next page: the walk goes to --max-pages. */
function pages(): Answer {
  const path = Buffer.alloc(8 * MiB, 0x70);
  return (_req, res, body) => {
    let page = 1;
    try {
      page = Math.max(1, Number(JSON.parse(body).page) || 1);
    } catch {
      /* a page of its own */
    }
    const url = (p: number) => `"http://h/api/v1/client/list?page=${p}"`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(
      `{"message":"ok","data":{"current_page":${page},"data":[],"first_page_url":${url(1)},"from":null,"last_page":5000,"last_page_url":${url(5000)},"links":[],"next_page_url":${url(page + 1)},"path":"`,
    );
    res.write(path);
    res.end(`","per_page":20,"prev_page_url":${page > 1 ? url(page - 1) : 'null'},"to":null,"total":100000}}`);
  };
}

/** A debug echo (issue 38): each request, sign-in included, answered with its body and credential
 *  base64-encoded (standard and URL-safe) after 0, 1 and 2 bytes, so the secrets sit at each offset; two
 *  answers in three gzip- or deflate-compressed, which the client undoes before anything is reported. */
function base64Echo(): Answer {
  let n = 0;
  return (req, res, body) => {
    const sent = `${req.headers.authorization ?? req.headers['x-api-token'] ?? ''} ${body}`;
    const echo = ['', 'x', 'xx'].flatMap((pad) => [
      Buffer.from(pad + sent).toString('base64'),
      Buffer.from(pad + sent).toString('base64url'),
    ]);
    const signin = req.url?.endsWith('/user/signin');
    const text = signin
      ? `${SIGNED_IN.slice(0, -2)},"echo":${JSON.stringify(echo)}}}`
      : JSON.stringify({ message: echo[0], status: 'success', data: { echo } });
    const encoding = signin ? undefined : (['gzip', 'deflate', undefined] as const)[n++ % 3];
    res.writeHead(200, { 'content-type': 'application/json', ...(encoding && { 'content-encoding': encoding }) });
    res.end(encoding === 'gzip' ? gzipSync(text) : encoding === 'deflate' ? deflateSync(text) : text);
  };
}

/** Servers that answer the sign-in themselves. */
const SIGNS_IN: ReadonlySet<HostileName> = new Set(['base64-echo']);

const MAKERS: Record<HostileName, () => Answer> = {
  bomb,
  endless,
  'million-violations': millionViolations,
  'huge-excerpt': hugeExcerpt,
  pages,
  'base64-echo': base64Echo,
};

export const HOSTILE_NAMES = Object.keys(MAKERS) as HostileName[];

/** The session token every hostile server hands out. */
export const HOSTILE_TOKEN = 'f3a1c9e07b5d4e2a9c8b7d6e5f4a3b2c';

const SIGNED_IN = JSON.stringify({
  message: 'Signed in successfully.',
  data: { id: 1, name: 'Demo', email: 'demo@example.com', api_token: HOSTILE_TOKEN },
});

export interface Hostile {
  url: string;
  close: () => Promise<void>;
}

/** Starts one hostile deployment on 127.0.0.1 and a free port. */
export async function startHostile(name: HostileName): Promise<Hostile> {
  const answer = MAKERS[name]();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      if (body.length < 65536) body += c;
    });
    req.on('end', () =>
      req.url?.endsWith('/user/signin') && !SIGNS_IN.has(name) ? json(res, 200, SIGNED_IN) : answer(req, res, body),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
