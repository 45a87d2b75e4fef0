import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, type AppOptions } from '../http/app';
import { createHttpServer } from '../http/http-server';
import { silentLogger } from '../logging';
import { responseProblems } from './openapi-check';

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestApi {
  baseUrl: string;
  call(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

/** Starts the real app on 127.0.0.1:0, in the HTTP server `serve` uses. Every response goes
 * through the OpenAPI check, so the whole route suite doubles as a conformance test of the
 * document. */
export async function startApi(options: AppOptions): Promise<TestApi> {
  const app = createApp({ logger: silentLogger(), ...options });
  const server: Server = createHttpServer(app, { logger: options.logger ?? silentLogger() });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    call: (method, path, request = {}) => callApi(baseUrl, method, path, request),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  request: RequestOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  let body: string | undefined = request.rawBody;
  if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(baseUrl + path, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const parsed: unknown = type.includes('application/json') && text !== '' ? JSON.parse(text) : text;
  const problems = responseProblems(method, path.split('?')[0]!, response.status, response.headers, parsed);
  if (problems.length > 0) throw new Error(`response does not match the OpenAPI document:\n${problems.join('\n')}`);
  return { status: response.status, headers: response.headers, body: parsed };
}
