import { CRITERIA_SCHEMAS } from '@disc/screening';
import type { AssetType } from '../discovery/engine';
import type { JsonSchema } from './schema-types';
import { docsPage } from '@fin/errors';

const TITLES: Record<AssetType, string> = { etf: 'ETF', stock: 'stock', crypto: 'crypto' };

/** The request schema of one asset type's screening criteria: @disc/screening's definition
 * (the one the SDK validates with), published as it is. */
export function criteriaSchema(assetType: AssetType): JsonSchema {
  const { $id: _id, ...schema } = copy(CRITERIA_SCHEMAS[assetType]) as JsonSchema;
  return {
    ...schema,
    description: `Screening criteria of ${TITLES[assetType]}s; every member optional (absent: the default shown). Units: ${docsPage('scoring.md')}.`,
  };
}

/** Every criterion of every asset type, for custom_criteria (whose asset type is the path's).
 * A member two types share with different defaults keeps its type and bounds and drops the
 * default, which then depends on the asset type. */
export function mergedCriteriaProperties(schemas: typeof CRITERIA_SCHEMAS): Record<string, JsonSchema> {
  const merged: Record<string, JsonSchema> = {};
  for (const schema of Object.values(schemas)) {
    for (const [name, property] of Object.entries(copy(schema.properties) as Record<string, JsonSchema>)) {
      const seen = merged[name];
      if (seen === undefined) merged[name] = property;
      else if (JSON.stringify(seen) !== JSON.stringify(property)) {
        const { default: _default, description: _description, ...rest } = seen;
        merged[name] = { ...rest, description: 'Default depends on the asset type (GET /criteria/{asset_type})' };
      }
    }
  }
  return merged;
}

const NAMES = new Map<AssetType, ReadonlySet<string>>();

/** Names of the criteria of one asset type, aliases included. */
export function criteriaNames(assetType: AssetType): ReadonlySet<string> {
  let names = NAMES.get(assetType);
  if (names === undefined) {
    names = new Set(Object.keys(CRITERIA_SCHEMAS[assetType].properties));
    NAMES.set(assetType, names);
  }
  return names;
}

function copy(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
