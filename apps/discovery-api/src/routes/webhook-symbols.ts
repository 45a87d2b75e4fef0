import { validationError, type ValidationFailure } from '../http/validation';

/** A webhook's `symbols` with a symbol listed twice, case ignored (`["SHEM", "shem"]`), is
 * refused as `["SHEM", "SHEM"]` is (the schema's uniqueItems): symbols are stored and matched
 * upper-case, so the two would silently become one. 400 at the repeat's path. */
export function checkWebhookSymbols(symbols: readonly string[] | undefined): void {
  const first = new Map<string, number>();
  const failures: ValidationFailure[] = [];
  (symbols ?? []).forEach((symbol, index) => {
    const key = symbol.toUpperCase();
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, index);
    else
      failures.push({
        path: `/symbols/${index}`,
        message: `repeats /symbols/${earlier} ('${symbols?.[earlier]}'; symbols are compared without case): list each symbol once`,
      });
  });
  if (failures.length > 0) throw validationError('body', failures);
}
