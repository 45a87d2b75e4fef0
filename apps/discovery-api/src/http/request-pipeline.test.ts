import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { silentLogger } from '../logging';
import { createHttpMetrics } from './metrics';
import { securityHeaders } from './security-headers';
import { sequence } from './sequence';
import { startingApp } from './starting';

async function serve(app: express.Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const VARYING = new Set(['date', 'content-length', 'connection', 'keep-alive', 'etag']);
const headersOf = (response: Response): string[][] => [...response.headers].filter(([name]) => !VARYING.has(name));

describe('the request pipeline', () => {
  it('sets the same response headers as helmet() itself', async () => {
    const answers = async (middleware: RequestHandler): Promise<string[][]> => {
      const app = express();
      app.use(middleware);
      app.get('/', (_req, res) => res.json({ ok: true }));
      const running = await serve(app);
      try {
        return headersOf(await fetch(running.url));
      } finally {
        await running.close();
      }
    };
    const expected = await answers(helmet());
    expect(expected.map(([name]) => name)).toContain('content-security-policy');
    expect(await answers(securityHeaders())).toEqual(expected);
  });

  it('runs a sequence in order and hands thrown errors and rejections to the error handler', async () => {
    const app = express();
    const order: string[] = [];
    const step =
      (name: string): RequestHandler =>
      (_req, _res, next) => {
        order.push(name);
        next();
      };
    app.get('/ok', sequence([step('a'), step('b'), (_req, res) => void res.json(order)]));
    app.get(
      '/throws',
      sequence([
        step('c'),
        () => {
          throw new Error('thrown');
        },
        step('never'),
      ]),
    );
    app.get('/rejects', sequence([step('d'), async () => Promise.reject(new Error('rejected'))]));
    app.get('/next-error', sequence([(_req, _res, next) => next(new Error('passed')), step('never')]));
    app.use(
      ((error, _req, res, _next) =>
        void res.status(500).json({ message: (error as Error).message })) as express.ErrorRequestHandler,
    );
    const running = await serve(app);
    try {
      expect(await (await fetch(`${running.url}/ok`)).json()).toEqual(['a', 'b']);
      for (const [path, message] of [
        ['/throws', 'thrown'],
        ['/rejects', 'rejected'],
        ['/next-error', 'passed'],
      ]) {
        const response = await fetch(`${running.url}${path}`);
        expect([response.status, await response.json()]).toEqual([500, { message }]);
      }
      expect(order).not.toContain('never');
    } finally {
      await running.close();
    }
  });

  it('answers /healthz while starting, and 503 with Retry-After everywhere else', async () => {
    const running = await serve(startingApp(silentLogger(), createHttpMetrics()));
    try {
      const health = await fetch(`${running.url}/healthz`);
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
      expect(health.headers.get('x-request-id')).toMatch(/^req_/);
      const ready = await fetch(`${running.url}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([
        503,
        { status: 'unavailable', checks: { database: 'failed' } },
      ]);
      const api = await fetch(`${running.url}/v1/discovery/criteria/etf`, { headers: { authorization: 'Bearer x' } });
      const body = (await api.json()) as { error: { code: string; request_id: string } };
      expect([api.status, body.error.code, api.headers.get('retry-after')]).toEqual([503, 'DATABASE_UNAVAILABLE', '5']);
      expect(body.error.request_id).toBe(api.headers.get('x-request-id'));
      expect(api.headers.get('content-security-policy')).not.toBeNull();
    } finally {
      await running.close();
    }
  });
});
