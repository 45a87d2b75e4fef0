import { isIP } from 'node:net';
import { ApiError } from '../http/errors';

/** DECISIONS "Webhooks": receivers must be HTTPS and must not be loopback, private,
 * link-local or cloud-metadata addresses (SSRF). Registration rejects what the URL itself
 * shows; the delivery worker re-checks the resolved address before each attempt. */
export function checkReceiverUrl(raw: string, allowLocal: boolean): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw reject(raw, 'is not an absolute URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowLocal && url.protocol === 'http:' && (host === '127.0.0.1' || host === 'localhost')) return;
  if (url.protocol !== 'https:') throw reject(raw, 'must use https://');
  if (url.username !== '' || url.password !== '') throw reject(raw, 'must not carry credentials');
  if (host === 'localhost' || host.endsWith('.localhost') || host === 'metadata.google.internal' || host.endsWith('.internal')) {
    throw reject(raw, 'must not point at a local or internal host');
  }
  if (isIP(host) !== 0 && isPrivateAddress(host)) throw reject(raw, 'must not point at a loopback, private, link-local or metadata address');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return isPrivateAddress(mapped);
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
  }
  const lower = address.toLowerCase();
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
}

function reject(url: string, reason: string): ApiError {
  return new ApiError('VALIDATION_ERROR', `The webhook url ${reason}.`, { errors: [{ path: '/url', message: reason }], url });
}
