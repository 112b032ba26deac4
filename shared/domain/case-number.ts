import type { EnvironmentKind } from './settings';

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

/** The pattern as a whole-value, case-insensitive regex; undefined for an empty or broken one. */
export function caseNumberRegex(pattern: string | undefined): RegExp | undefined {
  if (!pattern) return undefined;
  try {
    const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
    return new RegExp(`^(?:${body})$`, 'iu');
  } catch {
    return undefined;
  }
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
