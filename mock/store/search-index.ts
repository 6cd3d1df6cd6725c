// One user's search texts, joined in blocks of a few thousand clients (newest
// first, as the user's list): a keyword is looked for in a whole block at once
// (String#indexOf), not text by text, and an update or a delete makes one
// block again. The generated texts are written straight into bytes and read
// as one string a block (one byte a character, as V8 keeps a string whose
// characters are all below U+0100), so a first search makes 150 strings, not
// 300,000.

/** Clients a block holds: about 200 KB of text, made in about a millisecond. */
export const BLOCK = 2048;

/** Where the texts come from: the generated ones written straight into bytes, a changed one as a string. */
export interface TextSource {
  /** Writes client id's text as one-byte characters into out at at, returning where it ends; -1 when it cannot (then text() is used). */
  write(id: number, out: Uint8Array, at: number): number;
  text(id: number): string;
}

interface Block {
  ids: number[];
  /** Every text, each followed by a NUL (no keyword holds one, so no match spans two texts). */
  text: string;
  /** Where each text starts in text, and one past the last. */
  starts: Uint32Array;
}

const SCRATCH = Buffer.allocUnsafe(BLOCK * 1024);

/** The block of ids: one byte a character when every text allows it. */
export function makeBlock(ids: number[], source: TextSource): Block {
  const starts = new Uint32Array(ids.length + 1);
  let at = 0;
  for (let i = 0; i < ids.length; i++) {
    starts[i] = at;
    let end = source.write(ids[i]!, SCRATCH, at);
    if (end < 0) {
      const text = source.text(ids[i]!);
      if (/[\u0100-\uffff]/.test(text) || at + text.length + 1 > SCRATCH.length) return joinedBlock(ids, source);
      end = at + SCRATCH.write(text, at, 'latin1');
    }
    SCRATCH[end] = 0;
    at = end + 1;
  }
  starts[ids.length] = at;
  return { ids, text: SCRATCH.toString('latin1', 0, at), starts };
}

/** The block made from the texts as strings: when one has a character above U+00FF or is too long for the scratch. */
function joinedBlock(ids: number[], source: TextSource): Block {
  const texts = ids.map((id) => `${source.text(id)}\u0000`);
  const starts = new Uint32Array(ids.length + 1);
  for (let i = 0, at = 0; i <= ids.length; i++) {
    starts[i] = at;
    at += texts[i]?.length ?? 0;
  }
  return { ids, text: texts.join(''), starts };
}

/** The index of the text that holds `pos`: the last start at or before it. */
function textAt(starts: Uint32Array, pos: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Every field of a text (SEARCH_FIELDS, in fixtures/clients.ts), as a mask of fields searched. */
export const ALL_FIELDS = 0x7f;

/** Which field of a text `pos` falls in: the NULs between the text's start and it. */
function fieldAt(text: string, from: number, pos: number): number {
  let n = 0;
  for (let k = text.indexOf('\u0000', from); k >= 0 && k < pos; k = text.indexOf('\u0000', k + 1)) n++;
  return n;
}

/** Appends to out the ids of the block whose text holds the keyword (no NUL in it) in a field of `fields`
 *  (a mask, bit i for the text's field i), in the block's order. */
export function searchBlock(block: Block, keyword: string, out: number[], fields = ALL_FIELDS): void {
  const { text, starts, ids } = block;
  let pos = text.indexOf(keyword);
  while (pos >= 0) {
    const i = textAt(starts, pos);
    // A match lies in one field (no keyword holds the NUL between two): one not searched looks further on.
    if (fields !== ALL_FIELDS && !((fields >> fieldAt(text, starts[i]!, pos)) & 1)) {
      pos = text.indexOf(keyword, pos + 1);
      continue;
    }
    out.push(ids[i]!);
    pos = text.indexOf(keyword, starts[i + 1]!);
  }
}

/**
 * A user's texts, made a block at a time (by `grow`, from the background, or
 * all at once by the first search), in the order of the user's list.
 */
export class SearchIndex {
  readonly blocks: Block[] = [];
  /** Ids of the user's list made into blocks so far. */
  private made = 0;

  constructor(
    private readonly ids: readonly number[],
    private readonly source: TextSource,
  ) {}

  /** Clients of the user's list, made or not. */
  get size(): number {
    return this.ids.length;
  }

  get complete(): boolean {
    return this.made >= this.ids.length;
  }

  /** Makes the next block; false when every block is made. */
  grow(): boolean {
    if (this.complete) return false;
    const ids = this.ids.slice(this.made, this.made + BLOCK);
    this.blocks.push(makeBlock(ids, this.source));
    this.made += ids.length;
    return true;
  }

  search(keyword: string, fields = ALL_FIELDS): number[] {
    while (this.grow());
    const out: number[] = [];
    for (const b of this.blocks) searchBlock(b, keyword, out, fields);
    return out;
  }

  /** The block holding id (blocks run newest first), or -1. */
  private blockOf(id: number): number {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const ids = this.blocks[mid]!.ids;
      if (id > ids[0]!) hi = mid - 1;
      else if (id < ids[ids.length - 1]!) lo = mid + 1;
      else return mid;
    }
    return -1;
  }

  /** After a client's fields changed: its block made again (a block not made yet will read the change). */
  changed(id: number): void {
    const b = this.blockOf(id);
    if (b >= 0) this.blocks[b] = makeBlock(this.blocks[b]!.ids, this.source);
  }

  /** After the client was taken out of the user's list (at `at`): out of its block too. */
  removed(id: number, at: number): void {
    if (at < this.made) this.made--;
    const b = this.blockOf(id);
    if (b < 0) return;
    const ids = this.blocks[b]!.ids.filter((x) => x !== id);
    if (ids.length === 0) this.blocks.splice(b, 1);
    else this.blocks[b] = makeBlock(ids, this.source);
  }
}
