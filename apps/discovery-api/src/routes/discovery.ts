import type { BatchDiscoverRequest, DiscoverRequest, DiscoveryResult, IntegrationRequest } from '@disc/discovery';
import { scoredCandidates, type AssetType } from '../discovery/engine';
import { DiscoveryRunStore } from '../store/discovery-runs';
import { ScorePointStore } from '../store/score-points';
import type { Handler } from './handler';
import type { HandlerDependencies } from './handlers';

/** The discovery routes are thin: the SDK does the work (bodies are already validated
 * against the published schemas); the app records what monitoring and the webhook events
 * need — a grade point per candidate and the A+ symbols of each run. */
export function discoveryHandlers(deps: HandlerDependencies): Record<string, Handler> {
  const points = new ScorePointStore(deps.db);
  const runs = new DiscoveryRunStore(deps.db);

  const remember = async (results: readonly DiscoveryResult[]): Promise<void> => {
    const day = deps.clock().toISOString().slice(0, 10);
    const scored = scoredCandidates(results);
    await points.record(scored.map((c) => ({ ...c, day })));
    for (const result of results) {
      await runs.record(result.asset_type, scored.filter((c) => c.asset_type === result.asset_type && c.grade === 'A+').map((c) => c.symbol));
    }
  };

  return {
    discover: async ({ params, body }) => {
      const engine = await deps.engine.current();
      const result = await engine.discover(params.asset_type as AssetType, body as DiscoverRequest);
      await remember([result]);
      return { status: 200, json: result };
    },
    batchDiscover: async ({ body }) => {
      const engine = await deps.engine.current();
      const result = await engine.batchDiscover(body as unknown as BatchDiscoverRequest);
      await remember(Object.values(result.results).filter((r): r is DiscoveryResult => r !== undefined));
      return { status: 200, json: result };
    },
    criteria: async ({ params }) => {
      const engine = await deps.engine.current();
      return { status: 200, json: await engine.criteria(params.asset_type as AssetType) };
    },
    integrateDiscoveries: async ({ body }) => {
      const engine = await deps.engine.current();
      return { status: 200, json: await engine.integrate(body as unknown as IntegrationRequest) };
    },
  };
}
