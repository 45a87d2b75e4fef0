import type { Handler } from './handler';
import type { HandlerDependencies } from './handlers';

/** Liveness, readiness, metrics and the OpenAPI document: no token needed. */
export function operationsHandlers(deps: HandlerDependencies): Record<string, Handler> {
  const documentText = JSON.stringify(deps.document);
  return {
    healthz: () => Promise.resolve({ status: 200, json: { status: 'ok' } }),
    readyz: async () => {
      const checks: Record<string, () => Promise<unknown>> = {
        database: () => deps.db.query('SELECT 1'),
        ...deps.readinessChecks,
      };
      const results: Record<string, 'ok' | 'failed'> = {};
      await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            await check();
            results[name] = 'ok';
          } catch (error) {
            results[name] = 'failed';
            deps.logger.warn('readiness check failed', { check: name, error: String(error) });
          }
        }),
      );
      const ready = Object.values(results).every((r) => r === 'ok');
      return { status: ready ? 200 : 503, json: { status: ready ? 'ok' : 'unavailable', checks: results } };
    },
    metrics: async () => ({
      status: 200,
      text: await deps.metrics.registry.metrics(),
      contentType: deps.metrics.registry.contentType,
    }),
    openapi: () => Promise.resolve({ status: 200, text: documentText, contentType: 'application/json' }),
  };
}
