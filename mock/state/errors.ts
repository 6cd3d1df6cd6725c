// The state file's one error: what is wrong, with the path, and what to do.
export class StateFileError extends Error {
  constructor(
    readonly path: string,
    /** What is wrong, without the path and the hint. */
    readonly detail: string,
    hint = 'Fix or remove it; the mock will not overwrite it.',
  ) {
    super(`state file ${path}: ${detail}.${hint ? ` ${hint}` : ''}`);
    this.name = 'StateFileError';
  }
}
