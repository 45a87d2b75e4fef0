import type { Grade } from '@disc/discovery';
import { ApiError } from '../http/errors';
import type { Handler } from './handler';
import type { HandlerDependencies } from './handlers';

/** GET /monitor/{symbol}: scores the symbol now and records today's point when it is new
 * (a new day, grade or score), then answers from the persisted grade history (DECISIONS
 * "Monitoring"). A symbol the market data no
 * longer has is answered from its history alone (its alerts then say the data is stale);
 * a symbol with neither is 404 SYMBOL_NOT_FOUND. */
export function monitorHandler(deps: HandlerDependencies): Handler {
  const { points, recorder } = deps.monitoring;
  return async ({ params }) => {
    const symbol = (params.symbol ?? '').toUpperCase();
    const engine = await deps.engine.current();
    const now = deps.clock();
    const assessment = await engine.assess(symbol);
    let stored = await points.history(symbol);
    if (assessment !== undefined) {
      const { point } = assessment;
      const last = stored[stored.length - 1];
      // The history is read for the answer anyway: an unchanged point of today needs no write
      // (nor a transaction), so repeated monitoring of a symbol costs one read.
      if (last === undefined || last.day !== point.date || last.grade !== point.grade || last.score !== point.score) {
        await recorder.record([{ symbol, asset_type: assessment.asset_type, day: point.date, grade: point.grade, score: point.score, components: assessment.components }]);
        stored = await points.history(symbol);
      }
    }
    const history = stored.map((p) => ({ date: p.day, grade: p.grade as Grade, score: p.score }));
    if (assessment !== undefined) return { status: 200, json: assessment.monitorResult(history) };
    const latest = stored[stored.length - 1];
    const current = history[history.length - 1];
    if (latest === undefined || current === undefined) {
      throw new ApiError('SYMBOL_NOT_FOUND', `Symbol '${symbol}' is not in the market data and has never been scored.`, { symbol });
    }
    const { alerts, nextReviewDate } = engine.alertsFromHistory(history, now);
    return {
      status: 200,
      json: {
        symbol,
        current_grade: current.grade,
        current_score: current.score,
        last_updated: latest.recorded_at,
        grade_history: [...history].reverse(), // newest first, as the spec's origin lists it
        alerts,
        next_review_date: nextReviewDate(latest.recorded_at),
      },
    };
  };
}
