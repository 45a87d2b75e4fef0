import {
  batchCustomCriteria,
  customCriteriaEffects,
  type CustomCriteria,
  type CustomCriteriaEffects,
  type DiscoveryResult,
} from '@disc/discovery';
import { aPlusDiscoveriesOf, scorePointsOf } from '@disc/monitoring';
import type { BatchDiscoverBody, IntegrateBody } from '../openapi/request-types';
import type { AssetType } from '../discovery/engine';
import { ApiError, toApiError } from '../http/errors';
import { checkBatchBody } from './batch-body';
import type { Handler } from './handler';
import type { HandlerDependencies } from './handlers';

/** A discovery result with what its custom_criteria did to it. */
interface Answered {
  result: DiscoveryResult;
  effects: CustomCriteriaEffects;
}

/** The discovery routes are thin: the SDK does the work (bodies are already validated
 * against the published schemas); the app records what monitoring and the webhook events
 * need, and only what is the service's own, since every token reads it (docs/monitoring.md,
 * "What a discovery records"): a grade point per candidate when the scores are the service's
 * (no risk_tolerance but moderate), and the run's A+ symbols when the candidate set is too
 * (no custom criteria that narrow or change it). */
export function discoveryHandlers(deps: HandlerDependencies): Record<string, Handler> {
  const { recorder } = deps.monitoring;
  // Points, the run's A+ symbols and the events they cause are written in one transaction.
  const remember = async (answered: readonly Answered[]): Promise<void> => {
    const day = deps.clock().toISOString().slice(0, 10);
    await recorder.record(
      scorePointsOf(
        answered.filter((a) => !a.effects.changesScores).map((a) => a.result),
        day,
      ),
      answered
        .filter((a) => !a.effects.changesCandidates)
        .map(({ result }) => ({ assetType: result.asset_type, aPlus: aPlusDiscoveriesOf(result) })),
    );
  };

  return {
    discover: async ({ params, body }) => {
      const engine = await deps.engine.current();
      const result = await engine.discover(params.asset_type as AssetType, body);
      await remember([{ result, effects: customCriteriaEffects(body.custom_criteria as CustomCriteria | undefined) }]);
      return { status: 200, json: result };
    },
    batchDiscover: async ({ body }) => {
      // The body was validated against the schema BatchDiscoverBody is derived from.
      const request = body as BatchDiscoverBody;
      checkBatchBody(request);
      const engine = await deps.engine.current();
      const result = await engine.batchDiscover(request);
      const errors = publicErrors(result.errors);
      const failures = Object.values(errors);
      // Nothing succeeded because the data provider is down: that is the whole request's
      // 503, not a 200 with every type in `errors`.
      if (
        Object.keys(result.results).length === 0 &&
        failures.length > 0 &&
        failures.every((e) => e.code === 'MARKET_DATA_UNAVAILABLE')
      ) {
        throw new ApiError('MARKET_DATA_UNAVAILABLE', 'Market data is unavailable at the moment; retry later.');
      }
      await remember(
        Object.values(result.results)
          .filter((r): r is DiscoveryResult => r !== undefined)
          .map((r) => ({ result: r, effects: customCriteriaEffects(batchCustomCriteria(request, r.asset_type)) })),
      );
      return { status: 200, json: { ...result, errors } };
    },
    criteria: async ({ params }) => {
      const engine = await deps.engine.current();
      return { status: 200, json: await engine.criteria(params.asset_type as AssetType) };
    },
    integrateDiscoveries: async ({ body }) => {
      const engine = await deps.engine.current();
      // The body was validated against the schema IntegrateBody is derived from.
      return { status: 200, json: await engine.integrate(body as IntegrateBody) };
    },
  };
}

type BatchErrors = Partial<Record<string, { code: string; message: string; details: Record<string, unknown> }>>;

/** Per-type errors of a batch go through the same table as whole-request errors, so an
 * upstream message never reaches the client there either. */
function publicErrors(
  errors: BatchErrors,
): Record<string, { code: string; message: string; details: Record<string, unknown> }> {
  const out: Record<string, { code: string; message: string; details: Record<string, unknown> }> = {};
  for (const [assetType, error] of Object.entries(errors)) {
    if (error === undefined) continue;
    const mapped = toApiError(Object.assign(new Error(error.message), { code: error.code, details: error.details }));
    out[assetType] = { code: mapped.code, message: mapped.message, details: mapped.details };
  }
  return out;
}
