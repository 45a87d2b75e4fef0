import { checkPortfolioContext, type AssetType } from '@disc/discovery';
import { resolveCriteria } from '@disc/screening';
import type { BatchDiscoverBody } from '../openapi/request-types';

/**
 * What the schema cannot say about a batch body, checked as a whole before any asset type runs
 * (docs/api.md), with the libraries' own checks: a holding of `portfolio_context` listed twice,
 * case ignored, and a criterion of `asset_specific_criteria` given under both its names with
 * two values. Each would otherwise fail every type alike, as a 200 whose `errors` repeat it per
 * type; it is the body's mistake, a 400 naming its path as `/discover/{asset_type}` answers it.
 * Throws the libraries' DiscoveryValidationError.
 */
export function checkBatchBody(body: BatchDiscoverBody): void {
  checkPortfolioContext(body.portfolio_context);
  for (const [assetType, criteria] of Object.entries(body.asset_specific_criteria ?? {})) {
    if (criteria !== undefined)
      resolveCriteria(
        assetType as AssetType,
        criteria as Record<string, unknown>,
        `/asset_specific_criteria/${assetType}`,
      );
  }
}
