/** Failures a VALIDATION_ERROR lists at most in `details.errors`. */
const MAX_LISTED_FAILURES = 50;

/** `details.errors` of a VALIDATION_ERROR: the first MAX_LISTED_FAILURES failures, and in
 * `more_errors` how many were left out. A body of thousands of unknown members would otherwise
 * be answered with an error larger than itself; the first ones show what is wrong. */
export function listedFailures<T>(failures: readonly T[]): { errors: T[]; more_errors?: number } {
  if (failures.length <= MAX_LISTED_FAILURES) return { errors: [...failures] };
  return { errors: failures.slice(0, MAX_LISTED_FAILURES), more_errors: failures.length - MAX_LISTED_FAILURES };
}
