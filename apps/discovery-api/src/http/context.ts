import type { Request, Response } from 'express';
import type { TokenRecord } from '../store/tokens';

/** Per-request state that middlewares hand to each other through `res.locals`. */
export interface RequestContext {
  requestId: string;
  startedAt: bigint;
  /** The route template ("/v1/discovery/monitor/:symbol") for logs and metric labels; never
   * the raw path, which would give every symbol its own time series. */
  route: string;
  token?: TokenRecord;
  /** For logs when the caller is not a token: the local CLI on the admin routes. */
  callerName?: string;
}

export function context(res: Response): RequestContext {
  return res.locals as RequestContext;
}

export function requestContext(req: Request): RequestContext {
  return context(req.res as Response);
}
