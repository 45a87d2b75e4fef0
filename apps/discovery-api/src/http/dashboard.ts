import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type RequestHandler, type Response } from 'express';

/** The dashboard's policy: its own scripts, styles and API only; no inline script or
 * style, no eval, no framing. Replaces helmet's default policy on the dashboard's responses. */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Where the built dashboard (apps/discovery-web/dist) is: DISCOVERY_DASHBOARD_DIR, else
 * beside this app in the workspace. */
export function dashboardDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DISCOVERY_DASHBOARD_DIR ?? join(__dirname, '..', '..', '..', 'discovery-web', 'dist');
}

function secure(res: Response): void {
  res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
}

/** Serves the dashboard: `GET /` for a client that asks for HTML (a browser), and its
 * hashed bundle under `/assets/`. Everything else, and `/` for a JSON client, falls
 * through to the API's routes and its 404 envelope, so the API is unchanged. When the
 * bundle is not built, `/` falls through too. */
export function dashboard(dir: string = dashboardDir()): Router {
  const router = Router();
  const index = join(dir, 'index.html');
  const page: RequestHandler = (req, res, next) => {
    if (req.accepts(['application/json', 'text/html']) !== 'text/html' || !existsSync(index)) {
      next();
      return;
    }
    secure(res);
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index, (error) => {
      if (error !== undefined && !res.headersSent) next();
    });
  };
  router.get('/', page);
  router.use(
    '/assets',
    (_req, res, next) => {
      secure(res);
      next();
    },
    express.static(join(dir, 'assets'), {
      index: false,
      immutable: true,
      maxAge: '365d',
      fallthrough: true,
      redirect: false,
    }),
  );
  return router;
}
