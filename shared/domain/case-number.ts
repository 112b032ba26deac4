import type { EnvironmentKind } from './environment-kind';

/**
 * The local sandbox numbers its cases `CLM-<year>-<6 digits>` (docs/platform-choices.md, "Create case").
 * Other platforms number theirs as their operator chose: an environment may name its own pattern
 * (`caseNumberPattern`); without one, any value is taken as a case number and only the platform can refuse it.
 */
export const SANDBOX_CASE_NUMBER_PATTERN = '^CLM-\\d{4}-\\d{6}$';

/** The case-number pattern that applies to an environment, or undefined when none is known. */
export function caseNumberPatternOf(env: {
  kind: EnvironmentKind;
  caseNumberPattern?: string | undefined;
}): string | undefined {
  const own = env.caseNumberPattern?.trim();
  if (own) return own;
  return env.kind === 'local-sandbox' ? SANDBOX_CASE_NUMBER_PATTERN : undefined;
}

/** The pattern without its anchors, to embed in a larger expression; undefined for an empty or broken one. */
export function caseNumberSource(pattern: string | undefined): string | undefined {
  if (!pattern) return undefined;
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  try {
    new RegExp(body, 'u');
    return body;
  } catch {
    return undefined;
  }
}

/** The pattern as a whole-value, case-insensitive regex; undefined for an empty or broken one. */
export function caseNumberRegex(pattern: string | undefined): RegExp | undefined {
  const body = caseNumberSource(pattern);
  return body === undefined ? undefined : new RegExp(`^(?:${body})$`, 'iu');
}

/** Why a pattern cannot be used as a regular expression, or undefined. */
export function caseNumberPatternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch {
    return 'not a valid regular expression';
  }
}

/** Whether a case number has the pattern's form (true when there is no pattern to check against). */
export function caseNumberMatches(pattern: string | undefined, value: string): boolean {
  const regex = caseNumberRegex(pattern);
  return regex ? regex.test(value.trim()) : true;
}
