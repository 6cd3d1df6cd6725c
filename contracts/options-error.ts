// The contract suite's one error for options it cannot take (a leaf: the
// options and the measures both throw it, and neither imports the other).
import { type Naming, OptionsError } from '../lib/options-error.js';

/** Options runContracts cannot take; the message names them as RunOptions does (`baseUrl`, `credentials.email`). */
export class ContractOptionsError extends OptionsError {
  static readonly code = 'MCS_ERR_CONTRACT_OPTIONS';
  constructor(words: (name: Naming) => string) {
    super(ContractOptionsError.code, words);
  }
}
