import { DiscoveryError, DiscoveryValidationError, type AssetType, type DiscoveryResult } from '@disc/types';
import { secondsSince } from './clock';
import { checkRequestObject } from './inputs';
import { discover, type DiscoverDeps } from './discover';
import { batchCustomCriteria, type BatchDiscoverRequest, type BatchDiscoveryResult } from './requests';

/**
 * The spec's `POST /batch-discover`: one discovery per asset type with
 * custom_criteria = global_criteria (`max_results_per_type` becomes `max_results`) overlaid
 * by asset_specific_criteria[type]. A type that fails (an unsupported name, invalid
 * criteria, a provider error) lands in `errors` under its name; the others still run.
 */
export async function batchDiscover(
  request: BatchDiscoverRequest,
  deps: DiscoverDeps & { batchId: string },
): Promise<BatchDiscoveryResult> {
  const started = performance.now();
  request = checkRequestObject(request, '', 'Invalid batch-discover request');
  if (!Array.isArray(request.asset_types) || request.asset_types.length === 0) {
    throw new DiscoveryValidationError('asset_types must list at least one asset type', {
      details: { errors: [{ path: '/asset_types', message: 'must be a non-empty array' }] },
    });
  }
  const results: Partial<Record<AssetType, DiscoveryResult>> = {};
  const errors: BatchDiscoveryResult['errors'] = {};
  let totalScreened = 0;
  for (const type of new Set(request.asset_types)) {
    const custom = batchCustomCriteria(request, type);
    try {
      const result = await discover(
        type,
        {
          custom_criteria: custom,
          ...(request.portfolio_context ? { portfolio_context: request.portfolio_context } : {}),
        },
        deps,
      );
      results[result.asset_type] = result;
      totalScreened += result.total_screened;
    } catch (error) {
      if (!(error instanceof DiscoveryError)) throw error;
      errors[type] = error.toJSON();
    }
  }
  return {
    batch_id: deps.batchId,
    discovery_date: deps.now.toISOString(),
    execution_time_seconds: secondsSince(started),
    total_screened: totalScreened,
    results,
    errors,
  };
}
