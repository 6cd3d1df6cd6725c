// The caller's company, which client/user_client is asked for by name. The
// document shows no profile body, so deployments name it where their framework
// puts it: flat (`company_name`) or nested (`company: {id, name}`), in the
// sign-in's user or in the profile. --company names it outright.
import type { Want } from '../types.js';

/** The company without which the company checks are skipped, and the flag that gives it. */
export const COMPANY: Want = { input: "the caller's company name", flag: '--company NAME' };

/** Why the company checks are skipped: nothing named a company. */
export const NO_COMPANY = "neither the sign-in's user nor the profile names the caller's company";

const named = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

/** The company a user record names: `company_name`, or `company` as a name or as a record with one. */
export function companyOf(user: unknown): string | undefined {
  if (user === null || typeof user !== 'object') return undefined;
  const u = user as { company_name?: unknown; company?: unknown };
  const company = u.company as { name?: unknown; company_name?: unknown } | null | undefined;
  return (
    named(u.company_name) ??
    named(company) ??
    (company && typeof company === 'object' ? (named(company.name) ?? named(company.company_name)) : undefined)
  );
}
