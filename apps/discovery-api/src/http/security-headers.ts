import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** helmet()'s response headers. With its default options they depend on nothing in the
 * request, so they are worked out once (by running helmet against a recording response) and
 * set as a list on every response: the same headers, without a dozen middleware calls per
 * request. Should helmet do anything else (fail, or need the request), helmet itself runs. */
export function securityHeaders(): RequestHandler {
  const middleware = helmet();
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let passed = false;
  try {
    void middleware(Object.create(null) as Request, recorder as unknown as Response, (error?: unknown) => {
      passed = error === undefined;
    });
  } catch {
    passed = false;
  }
  if (!passed) return middleware;
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
