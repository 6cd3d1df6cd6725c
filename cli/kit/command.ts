// One way to write a command: each declares its options once, and from that
// declaration come the parsing, the usage text, the one-line refusal with exit
// code 2, --help with exit code 0, and the exit code of a run.
import { parseArgs } from 'node:util';
import { listText, nearest } from '../../lib/words.js';

/** Turns an option's text into its value, or throws an Error naming `--name` and what it takes. */
export type Parse<T> = ((raw: string, name: string) => T) & {
  /** What it accepts, for the usage text: `0 to 65535`, `WEB, IOS or ANDROID`. */
  allowed?: string;
};

interface Described {
  description: string;
  /** The default as usage shows it, when the value's default is applied elsewhere or reads better so. */
  shownDefault?: string;
}

export interface Flag extends Described {
  kind: 'flag';
}

/** optional: undefined when absent; always: a default or required; repeated: every occurrence, in order. */
type Mode = 'optional' | 'always' | 'repeated';

export interface Value<T, M extends Mode = Mode> extends Described {
  kind: 'value';
  mode: M;
  /** The placeholder in usage: N, URL, FILE. */
  arg: string;
  parse: Parse<T>;
  default?: T;
  required?: boolean;
}

export type Option = Flag | Value<unknown>;
export type Options = Record<string, Option>;

export type Values<O extends Options> = {
  [K in keyof O]: O[K] extends Flag
    ? boolean
    : O[K] extends Value<infer T, infer M>
      ? M extends 'repeated'
        ? T[]
        : M extends 'always'
          ? T
          : T | undefined
      : never;
};

export interface Command<O extends Options> {
  /** Prefix of its messages: `mock`, `contracts`. */
  name: string;
  /** What follows `usage: `, e.g. `npm start -- [options]`. */
  synopsis: string;
  /** The installed package's command (`mcs-mock`): the built package's usage names it instead of the npm script. */
  bin?: string;
  options: O;
  /** Positional arguments are allowed when described; the command checks their number. */
  positionals?: { label: string; description: string };
  /** Lines after the options, e.g. what each exit code means. */
  notes?: string[];
  /** The library's option names whose flag is not their kebab case (`corsOrigins`: `cors-origin`); see option-names.ts. */
  flagOf?: Record<string, string>;
  /** Flags that may come from the environment instead, with their variable (`email`: `MCS_EMAIL`). */
  env?: Record<string, string>;
}

export type Token = ReturnType<typeof parseArgs>['tokens'] extends (infer T)[] | undefined ? T : never;

export interface Args<O extends Options> {
  values: Values<O>;
  /** The options present on the command line. */
  given: ReadonlySet<string>;
  positionals: string[];
  tokens: Token[];
}

/** --help (help: true, message: the usage) or a refused command line (message: one line). */
export interface Refusal {
  ok: false;
  message: string;
  help?: boolean;
}

interface ValueSpec<T> {
  parse?: Parse<T>;
  default?: T;
  required?: boolean;
  repeatable?: boolean;
  shownDefault?: string;
}

export const flag = (description: string): Flag => ({ kind: 'flag', description });

const text: Parse<string> = (raw) => raw;

export function value<T = string>(
  arg: string,
  description: string,
  spec: ValueSpec<T> & { repeatable: true },
): Value<T, 'repeated'>;
export function value<T = string>(
  arg: string,
  description: string,
  spec: ValueSpec<T> & ({ default: T } | { required: true }),
): Value<T, 'always'>;
export function value<T = string>(arg: string, description: string, spec?: ValueSpec<T>): Value<T, 'optional'>;
export function value<T>(arg: string, description: string, spec: ValueSpec<T> = {}): Value<T> {
  const { parse = text as unknown as Parse<T>, repeatable, ...rest } = spec;
  const mode: Mode = repeatable ? 'repeated' : 'default' in spec || spec.required ? 'always' : 'optional';
  return { kind: 'value', mode, arg, description, parse, ...rest };
}

/** A parser with what it accepts, for the usage text. */
export const withAllowed = <T>(parse: (raw: string, name: string) => T, allowed: string): Parse<T> =>
  Object.assign(parse, { allowed });

export function wholeNumber(min: number, max: number, noun = 'a whole number'): Parse<number> {
  return withAllowed(
    (raw, name) => {
      if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
        throw new Error(`--${name} takes ${noun} from ${min} to ${max}, not "${raw}"`);
      return Number(raw);
    },
    max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `${min} to ${max}`,
  );
}

export function oneOf<C extends string>(choices: readonly C[]): Parse<C> {
  return withAllowed((raw, name) => {
    if (!choices.includes(raw as C)) throw new Error(`--${name} takes ${listText(choices)}, not "${raw}"`);
    return raw as C;
  }, listText(choices));
}

/** `a,b,c`: blanks around and between commas are dropped; each item is checked by `item`. */
export function commaList<T = string>(item: Parse<T> = text as unknown as Parse<T>): Parse<T[]> {
  const parse = (raw: string, name: string) =>
    raw
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => item(x, name));
  return withAllowed(parse, item.allowed ? `comma-separated, each ${item.allowed}` : 'comma-separated');
}

export function nonEmpty(what: string): Parse<string> {
  return (raw, name) => {
    if (raw.trim() === '') throw new Error(`--${name} needs ${what}`);
    return raw;
  };
}

/** Compiled, this module is the installed package, whose users run its bins rather than npm scripts. */
const INSTALLED = import.meta.url.endsWith('.js');

export function synopsisOf<O extends Options>(command: Command<O>, installed = INSTALLED): string {
  return installed && command.bin
    ? command.synopsis.replace(/^npm (?:start|run \S+) --\s*/, `${command.bin} `)
    : command.synopsis;
}

/** The default as usage and the docs' flag tables show it; undefined when there is none to show. */
export function shownDefault(o: Option): string | undefined {
  return o.shownDefault ?? (o.kind === 'value' && o.default !== undefined ? String(o.default) : undefined);
}

export function usage<O extends Options>(command: Command<O>): string {
  const rows: Array<[string, string]> = [];
  if (command.positionals) rows.push([command.positionals.label, command.positionals.description]);
  for (const [name, o] of Object.entries(command.options)) {
    const notes: string[] = [];
    if (o.kind === 'value') {
      if (o.parse.allowed) notes.push(o.parse.allowed);
      if (o.mode === 'repeated') notes.push('repeatable');
    }
    const shown = shownDefault(o);
    if (shown !== undefined) notes.push(`default ${shown}`);
    const left = o.kind === 'value' ? `--${name} ${o.arg}` : `--${name}`;
    rows.push([left, notes.length ? `${o.description} (${notes.join('; ')})` : o.description]);
  }
  rows.push(['--help', 'show this help']);
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  const lines = rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`);
  return [`usage: ${synopsisOf(command)}`, ...lines, ...(command.notes ?? [])].join('\n');
}

/** `unknown flag --prot: did you mean --port?`: a typo gets the flag it was likely meant to be. */
function unknownFlag<O extends Options>(command: Command<O>, err: Error): string {
  const given = /Unknown option '([^']+)'/.exec(err.message)?.[1] ?? '';
  const meant = nearest(given.replace(/^-+/, ''), [...Object.keys(command.options), 'help']);
  return `unknown flag ${given}${meant ? `: did you mean --${meant}?` : ''}`;
}

/** Node's messages, cut to one line that names the flag. */
function oneLine(err: Error & { code?: string }): string {
  if (err.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return err.message.replace(
      /\. This command does not take positional arguments$/,
      ': it takes no positional arguments',
    );
  return err.message.replace(/\s*\n\s*/g, ' ');
}

function nodeParse<O extends Options>(command: Command<O>, argv: string[]) {
  const config = Object.fromEntries(
    Object.entries(command.options).map(([name, o]) => [
      name,
      {
        type: o.kind === 'flag' ? ('boolean' as const) : ('string' as const),
        multiple: o.kind === 'value' && o.mode === 'repeated',
      },
    ]),
  );
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: command.positionals !== undefined,
    tokens: true,
    options: { ...config, help: { type: 'boolean' } },
  });
}

function read<O extends Options>(command: Command<O>, argv: string[]): Args<O> | 'help' {
  let parsed: ReturnType<typeof nodeParse>;
  try {
    parsed = nodeParse(command, argv);
  } catch (err) {
    // Asked for help, a mistyped flag beside it gets the usage rather than a refusal.
    if (argv.includes('--help')) return 'help';
    if ((err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      throw new Error(unknownFlag(command, err as Error));
    throw err;
  }
  const { positionals, tokens } = parsed;
  const raw = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (raw.help) return 'help';
  const values: Record<string, unknown> = {};
  for (const [name, o] of Object.entries(command.options)) {
    const got = raw[name];
    if (o.kind === 'flag') values[name] = got === true;
    else if (o.mode === 'repeated') values[name] = ((got ?? []) as string[]).map((x) => o.parse(x, name));
    else if (got !== undefined) values[name] = o.parse(got as string, name);
    else if (o.required) throw new Error(`--${name} is required`);
    else values[name] = o.default;
  }
  const given = new Set(tokens.flatMap((t) => (t.kind === 'option' ? [t.name] : [])));
  return { values: values as Values<O>, given, positionals, tokens };
}

/**
 * Reads `argv` by the command's declaration and hands the arguments to
 * `build`, which may throw an Error for what spans several options. Help and
 * every Error come back as a Refusal.
 */
export function parseCommand<O extends Options, R>(
  command: Command<O>,
  argv: string[],
  build: (args: Args<O>) => R,
): R | Refusal {
  try {
    const args = read(command, argv);
    return args === 'help' ? { ok: false, message: usage(command), help: true } : build(args);
  } catch (err) {
    return { ok: false, message: oneLine(err as Error) };
  }
}

export interface Out {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

const CONSOLE: Out = { stdout: (s) => console.log(s), stderr: (s) => console.error(s) };

/** Prints what a Refusal says and gives the exit code: the usage and 0 for --help, one line and 2 otherwise. */
export function refuse(command: { name: string }, refusal: Refusal, out: Out = CONSOLE): number {
  if (refusal.help) {
    out.stdout(refusal.message);
    return 0;
  }
  out.stderr(`${command.name}: ${refusal.message} (--help shows the usage)`);
  return 2;
}

/**
 * The signals that stop a command gracefully. SIGHUP (its terminal or its
 * npm gone) too: Node would end at once, leaving a state file unflushed.
 */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Resolves with the exit code `stop` gives, once a stop signal came; a second signal ends the process at once. */
export function stopOnSignal(stop: () => Promise<number>): Promise<number> {
  return new Promise((resolve, reject) => {
    const onSignal = () => {
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
      stop().then(resolve, reject);
    };
    for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  });
}

export { runMain, SERVING } from './run-main.js';
