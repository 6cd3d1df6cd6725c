// A library's options error, worded for the command line: each option the
// library names (`corsOrigins[1]`, `credentials.email`) becomes the flag that
// sets it, found in the command's declaration, or the environment variable it
// came from; the line is a refusal like any other (exit code 2).
import type { OptionsError } from '../../lib/options-error.js';
import { type Command, type Options, type Out, refuse } from './command.js';

type Env = Record<string, string | undefined>;

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The flag a library option is set by (`stateFile`: `state-file`), or undefined when the command has none. */
export function flagOf<O extends Options>(command: Command<O>, option: string): string | undefined {
  const path = option.replace(/\[\d+\]/g, '');
  const flag = command.flagOf?.[path] ?? kebab(path.replaceAll('.', '-'));
  return flag in command.options ? flag : undefined;
}

/** `--state-file`; `MCS_EMAIL` when the value came from there; `--email (or MCS_EMAIL)` when it came from neither. */
export function optionNamer<O extends Options>(command: Command<O>, argv: readonly string[], env: Env = {}) {
  return (option: string): string => {
    const flag = flagOf(command, option);
    if (flag === undefined) return option;
    const variable = command.env?.[flag];
    const onCommandLine = argv.some((a) => a === `--${flag}` || a.startsWith(`--${flag}=`));
    if (variable === undefined || onCommandLine) return `--${flag}`;
    return env[variable] !== undefined ? variable : `--${flag} (or ${variable})`;
  };
}

/** Prints the error as one line naming the flags, and gives exit code 2. */
export function refuseOptions<O extends Options>(
  command: Command<O>,
  err: OptionsError,
  argv: readonly string[],
  env: Env = {},
  out?: Out,
): number {
  return refuse(command, { ok: false, message: err.wordedAs(optionNamer(command, argv, env)) }, out);
}
