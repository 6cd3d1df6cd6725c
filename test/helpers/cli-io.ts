// What a contract CLI run printed and wrote, captured instead of the process's streams and files.
import type { Io } from '../../cli/contracts.js';

export type Captured = Io & { out: string[]; err: string[]; files: Map<string, string>; all: () => string };

export function capture(): Captured {
  const out: string[] = [];
  const err: string[] = [];
  const files = new Map<string, string>();
  return {
    out,
    err,
    files,
    stdout: (s) => void out.push(s),
    stderr: (s) => void err.push(s),
    writeFile: async (p, text) => void files.set(p, text),
    all: () => [...out, ...err, ...files.values()].join('\n'),
  };
}

/** The contract CLI's flags for a report of every file format: JSON, JUnit and HTML, as r.json, r.xml and r.html. */
export const FILE_REPORTERS = [
  '--reporter',
  'json',
  '--out',
  'r.json',
  '--reporter',
  'junit',
  '--out',
  'r.xml',
  '--reporter',
  'html',
  '--out',
  'r.html',
] as const;
