import type { RequestHandler } from 'express';

/** Runs `handlers` one after the other as one Express handler, as a route's own stack would:
 * `next()` goes on, `next(error)` (or a throw, or a rejected promise) skips the rest and hands
 * the error on. One layer instead of one per handler: Express's per-layer bookkeeping is a
 * measurable share of a cheap request. */
export function sequence(handlers: readonly RequestHandler[]): RequestHandler {
  if (handlers.length === 1) return handlers[0]!;
  return (req, res, done) => {
    let index = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null && error !== false) {
        done(error);
        return;
      }
      const handler = handlers[index++];
      if (handler === undefined) {
        done();
        return;
      }
      try {
        const result: unknown = handler(req, res, next);
        if (result instanceof Promise)
          result.catch((rejection: unknown) => done(rejection ?? new Error('Rejected promise')));
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}
