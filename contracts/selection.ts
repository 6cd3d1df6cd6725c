// --checks / --exclude-checks: which entries of the check registry a run makes.
// A name is an entry's (`negative:method`) or a group's (`negative`); a
// check not selected leaves no result at all (the report's modes name the
// selection instead: a run of one check is not a page of skips).
import { nearest } from '../lib/words.js';
import { CHECK_GROUPS, CHECKS, type CheckEntry, entryOf } from './checks/registry.js';
import { ContractOptionsError } from './options-error.js';
import type { CheckGroup, CheckResult, CheckTally } from './types.js';

/** The entry whose reads find the records (clients, rooms, company) most checks work on. */
const READS = 'conformance:reads';

export interface CheckSelection {
  /** The entries the run makes, by name. */
  chosen: Set<string>;
  /** Entries run although not named, because a named one needs what they find (said once, before the run). */
  pulled: string[];
  /** Whether --checks or --exclude-checks narrowed the run at all. */
  narrowed: boolean;
}

export function selectChecks(
  o: { checks: Set<string>; excludeChecks: Set<string> },
  checks: readonly CheckEntry[] = CHECKS,
): CheckSelection {
  const named = (option: 'checks' | 'excludeChecks') => {
    const out = new Set<string>();
    for (const name of o[option]) {
      const hits = checks.filter((c) => c.name === name || c.group === name);
      if (!hits.length) throw unknownCheck(option, name, checks);
      for (const c of hits) out.add(c.name);
    }
    return out;
  };
  const wanted = o.checks.size ? named('checks') : new Set(checks.map((c) => c.name));
  const excluded = named('excludeChecks');
  const chosen = new Set([...wanted].filter((n) => !excluded.has(n)));
  // A run of no check would end in "the deployment honours the spec": a pass that checked nothing.
  if (!chosen.size) throw nothingLeft(o);
  const pulled: string[] = [];
  // Most checks work on the records conformance's reads find; named without it, they would only skip.
  const needsRecords = checks.some((c) => chosen.has(c.name) && c.needs.includes('records'));
  for (const c of checks.filter((c) => c.name === READS))
    if (needsRecords && !chosen.has(c.name) && !excluded.has(c.name)) {
      chosen.add(c.name);
      pulled.push(c.name);
    }
  return { chosen, pulled, narrowed: o.checks.size > 0 || o.excludeChecks.size > 0 };
}

function unknownCheck(option: 'checks' | 'excludeChecks', name: string, checks: readonly CheckEntry[]) {
  const valid = [...new Set([...checks.map((c) => c.name), ...checks.map((c) => c.group)])];
  const guess = nearest(name, valid);
  return new ContractOptionsError(
    (n) =>
      `${n(option)} names ${name}, which is no check or group of the registry${guess ? ` (did you mean ${guess}?)` : ''}; groups: ${CHECK_GROUPS.join(', ')}; --list-checks lists the checks`,
  );
}

function nothingLeft(o: { checks: Set<string>; excludeChecks: Set<string> }) {
  const list = (names: Set<string>) => [...names].join(',');
  return new ContractOptionsError((n) =>
    o.checks.size
      ? `${n('excludeChecks')} ${list(o.excludeChecks)} takes out every check ${n('checks')} ${list(o.checks)} names: no check is left to run (--list-checks lists them)`
      : `${n('excludeChecks')} ${list(o.excludeChecks)} takes out every check of the registry: no check is left to run (--list-checks lists them)`,
  );
}

/** Whether the check with this id and group is one the run makes. A kind of check no entry claims yet follows
 *  its group: it is made when any entry of its group is (test/contracts/registry.test.ts keeps them claimed). */
export function isChosen(
  selection: CheckSelection,
  id: string,
  group: CheckGroup,
  checks: readonly CheckEntry[] = CHECKS,
): boolean {
  if (!selection.narrowed || group === 'run') return true;
  const entry = entryOf(id, checks);
  if (entry) return selection.chosen.has(entry.name);
  return checks.some((c) => c.group === group && selection.chosen.has(c.name));
}

/** The entries chosen that work on the records conformance:reads finds, when --exclude-checks left it out. */
export function starved(selection: CheckSelection, checks: readonly CheckEntry[] = CHECKS): string[] {
  if (!selection.narrowed || selection.chosen.has(READS)) return [];
  return checks.filter((c) => selection.chosen.has(c.name) && c.needs.includes('records')).map((c) => c.name);
}

/** What the selection makes the run do beyond what was named, said once before the run. */
export function selectionNotices(selection: CheckSelection): string[] {
  return [pulledNotice(selection), starvedNotice(selection)].filter((n) => n !== undefined);
}

/** The notice of the entries that will skip for want of records; none when none. */
function starvedNotice(selection: CheckSelection): string | undefined {
  const names = starved(selection);
  if (!names.length) return undefined;
  return `${names.join(', ')} work on the records ${READS} finds, which is left out: they skip (--checks ${READS} adds it)`;
}

/** What a starved entry's skip adds to its reason: "no client with a room was found" is so because nothing looked. */
export function starvedSkips(
  selection: CheckSelection,
  onResult: (r: CheckResult) => void,
  checks: readonly CheckEntry[] = CHECKS,
): (r: CheckResult) => void {
  const names = new Set(starved(selection, checks));
  if (!names.size) return onResult;
  const why = `(${READS}, which finds the records this check works on, was left out by --exclude-checks)`;
  return (r) => {
    const name = entryOf(r.id, checks)?.name;
    const note = r.notes[0];
    // A check a stopped run did not make, or one --only/--skip left out, says so already.
    if (r.verdict === 'skip' && name && names.has(name) && note && !/^not (run|finished|selected)\b/.test(note))
      r.notes[0] = `${note} ${why}`;
    onResult(r);
  };
}

/** The notice of the entries pulled in. */
function pulledNotice(selection: CheckSelection): string | undefined {
  if (!selection.pulled.length) return undefined;
  return `${selection.pulled.join(', ')} runs too: the selected checks work on the records its reads find (--exclude-checks ${selection.pulled.join(',')} leaves it out; those checks then skip)`;
}

/** The report's account of the registry: each entry that left a result, tallied, and those not selected. */
export function checkTallies(
  selection: CheckSelection,
  results: readonly CheckResult[],
  checks: readonly CheckEntry[] = CHECKS,
): { made: CheckTally[]; notSelected: string[] } {
  const made: CheckTally[] = [];
  for (const c of checks) {
    const own = results.filter((r) => entryOf(r.id, checks) === c);
    if (!own.length) continue;
    const count = (v: CheckResult['verdict']) => own.filter((r) => r.verdict === v).length;
    made.push({
      name: c.name,
      group: c.group,
      description: c.description,
      writes: c.writes,
      passed: count('pass'),
      failed: count('fail'),
      observations: count('observation'),
      skipped: count('skip'),
    });
  }
  const notSelected = selection.narrowed ? checks.filter((c) => !selection.chosen.has(c.name)).map((c) => c.name) : [];
  return { made, notSelected };
}
