// `--format X --out FILE --format Y` style options: each --out belongs to the
// output option before it. Shared by the contract suite and spec:diff.
import { listText } from '../../lib/words.js';

export interface Output<N extends string> {
  name: N;
  out?: string;
}

interface Token {
  kind: string;
  name?: string;
  value?: string;
}

export function pairOutputs<N extends string>(
  tokens: readonly Token[],
  option: string,
  allowed: readonly N[],
): Output<N>[] {
  const outputs: Output<N>[] = [];
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (t.name === option) {
      if (!allowed.includes(t.value as N)) throw new Error(`--${option} takes ${listText(allowed)}, not "${t.value}"`);
      outputs.push({ name: t.value as N });
    } else if (t.name === 'out') {
      const last = outputs.at(-1);
      if (!last || last.out !== undefined) throw new Error(`each --out FILE follows the --${option} it belongs to`);
      last.out = t.value!;
    }
  }
  return outputs;
}
