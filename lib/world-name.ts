// The mock's worlds, as any tool names them: a request chooses its world with
// the `X-Mock-World` header (or the path prefix `/worlds/NAME/`); a name is
// letters, digits and `-`, 1 to 40 characters. One rule for the mock that
// refuses a bad name (400) and the contract suite that sends one.

/** The request header that names a world (lower case, as Node hands headers over). */
export const WORLD_HEADER = 'x-mock-world';
/** The world of a request that names none: the mock as it was before worlds. */
export const DEFAULT_WORLD = 'default';
/** What a world's name may be. */
export const WORLD_NAME = /^[A-Za-z0-9-]{1,40}$/;
/** The rule in words, for messages: `a world's name is ${WORLD_NAME_RULE}`. */
export const WORLD_NAME_RULE = 'letters, digits and -, 1 to 40 characters';

export function isWorldName(name: unknown): name is string {
  return typeof name === 'string' && WORLD_NAME.test(name);
}

/** What a rule of options says of a name it refuses (lib/options-error.ts's Rule), undefined when it takes it. */
export function worldNameProblem(name: unknown): string | undefined {
  return isWorldName(name) ? undefined : `must be a world's name: ${WORLD_NAME_RULE}`;
}

/** A fresh world's name, unique enough for parallel runs: `PREFIX-20261127T062000Z-3f9a1c` (33 characters for
 *  `contracts`). The prefix must leave room: letters, digits and `-`, 17 characters at most. */
export function freshWorldName(prefix: string, now = new Date(), random = Math.random): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const tail = Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0');
  const name = `${prefix}-${stamp}-${tail}`;
  if (!isWorldName(name)) throw new Error(`${prefix} cannot begin a world's name (${WORLD_NAME_RULE})`);
  return name;
}
