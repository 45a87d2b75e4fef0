import { gradeHistoryOf, monitorResultFromHistory, scorePointOf } from '@disc/monitoring';
import { ApiError } from '../http/errors';
import type { Handler } from './handler';
import type { HandlerDependencies } from './handlers';

/** GET /monitor/{symbol}: scores the symbol now and records today's point when it is new
 * (a new day, grade or score), then answers from the persisted grade history (docs/decisions/0011-monitoring.md). A symbol the market data no
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
        await recorder.record([scorePointOf({ ...assessment, symbol })]);
        stored = await points.history(symbol);
      }
    }
    if (assessment !== undefined) return { status: 200, json: assessment.monitorResult(gradeHistoryOf(stored)) };
    const fromHistory = monitorResultFromHistory(symbol, stored, now);
    if (fromHistory === undefined) {
      throw new ApiError(
        'SYMBOL_NOT_FOUND',
        `Symbol '${symbol}' is not in the market data and has never been scored.`,
        { details: { symbol } },
      );
    }
    return { status: 200, json: fromHistory };
  };
}
