import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { DiscoveryValidationError, parseAssetType, type AssetType } from '@disc/types';
import { CRITERIA_ALIASES as ALIASES, CRITERIA_SCHEMAS, type CriteriaByAssetType } from './criteria-schemas';

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true, strictTypes: false });
const validators = new Map<AssetType, ValidateFunction>();

function validatorFor(assetType: AssetType): ValidateFunction {
  let v = validators.get(assetType);
  if (!v) {
    v = ajv.compile(CRITERIA_SCHEMAS[assetType]);
    validators.set(assetType, v);
  }
  return v;
}

export interface ResolvedCriteria<T extends AssetType = AssetType> {
  criteria: CriteriaByAssetType[T];
  /** Fields the caller set explicitly; regime and risk-tolerance adjustments leave them alone. */
  explicit: ReadonlySet<string>;
}

/**
 * Validates user criteria for an asset type and fills in the contract's defaults (docs/decisions/0003-discovery-service-contract.md) (ajv
 * `useDefaults`). Throws InvalidAssetTypeError for an unknown type and
 * DiscoveryValidationError (details.errors: `{ path, message }`) for a bad field, or for a
 * criterion given under both of its names (CRITERIA_ALIASES) with different values.
 */
export function resolveCriteria<T extends AssetType>(
  assetType: T,
  input: Record<string, unknown> | undefined = {},
  at = '',
): ResolvedCriteria<T> {
  parseAssetType(assetType);
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new DiscoveryValidationError(`Criteria for ${assetType} must be an object`, {
      details: { errors: [{ path: at, message: 'must be object' }] },
    });
  }
  const data: Record<string, unknown> = {};
  // Which name each criterion was given under: a criterion given under both its names with
  // two values is refused, rather than one of them silently winning.
  const writtenAs = new Map<string, string>();
  const contradictions: { path: string; message: string }[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const name = ALIASES[key] ?? key;
    const earlier = writtenAs.get(name);
    if (earlier !== undefined && JSON.stringify(data[name]) !== JSON.stringify(value)) {
      for (const [here, there] of [
        [earlier, key],
        [key, earlier],
      ] as const)
        contradictions.push({
          path: `${at}/${here}`,
          message: `contradicts ${at}/${there}: both name the criterion ${name}; give it once`,
        });
    }
    writtenAs.set(name, key);
    data[name] = value;
  }
  if (contradictions.length > 0) {
    throw new DiscoveryValidationError(
      `Invalid ${assetType} screening criteria: ${contradictions.map((e) => `${e.path} ${e.message}`).join('; ')}`,
      { details: { asset_type: assetType, errors: contradictions } },
    );
  }
  const explicit = new Set(Object.keys(data));
  const validate = validatorFor(assetType);
  if (!validate(data)) {
    const errors = (validate.errors ?? []).map((e) => describe(e, assetType, at));
    throw new DiscoveryValidationError(
      `Invalid ${assetType} screening criteria: ${errors.map((e) => `${e.path || '(root)'} ${e.message}`).join('; ')}`,
      { details: { asset_type: assetType, errors } },
    );
  }
  return { criteria: data as unknown as CriteriaByAssetType[T], explicit };
}

/** The spec's default criteria for an asset type. */
export function defaultCriteria<T extends AssetType>(assetType: T): CriteriaByAssetType[T] {
  return resolveCriteria(assetType, {}).criteria;
}

/** `at` is where the criteria sit in the caller's request (`/custom_criteria`); an unknown
 * member is reported at its own path, as a criterion of another asset type. */
function describe(e: ErrorObject, assetType: AssetType, at: string): { path: string; message: string } {
  if (e.keyword === 'additionalProperties') {
    const member = String((e.params as { additionalProperty: string }).additionalProperty);
    return { path: `${at}${e.instancePath}/${member}`, message: `is not a screening criterion of ${assetType}` };
  }
  return { path: `${at}${e.instancePath}`, message: e.message ?? 'is invalid' };
}
