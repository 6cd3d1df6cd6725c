// Words for messages: `a, b or c`, and the name meant by a mistyped one.

/** `a, b or c` (`and`: `a, b and c`). */
export function listText(words: readonly string[], last: 'or' | 'and' = 'or'): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}` : words.join('');
}

/** Edit distance (Levenshtein), ignoring case. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(
        row[j]! + 1,
        row[j - 1]! + 1,
        prev + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1),
      );
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** The closest of `names` to `word`, for "did you mean"; none when even the closest is too far to be a typo. */
/** `1 operation`, `2 operations`: a count and its noun (a regular plural). */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function nearest(word: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const n of names) {
    const d = distance(word, n);
    if (d < bestD) [best, bestD] = [n, d];
  }
  return best !== undefined && bestD <= Math.max(3, Math.floor(word.length / 3)) ? best : undefined;
}
