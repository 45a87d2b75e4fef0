import { CliError } from './cli-error';

const UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** `1MiB`, `512KiB`, `16M`, `1048576` → bytes (binary units: KB and KiB both mean 1024); `what` names the flag or key in the error, `code` says which of the two it is. */
export function parseSize(value: string | number, what: string, code: 'USAGE' | 'CONFIG_INVALID' = 'USAGE'): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(String(value));
  const factor = match ? UNITS[(match[2] ?? '').toLowerCase()] : undefined;
  const bytes = match && factor !== undefined ? Math.floor(Number(match[1]) * factor) : NaN;
  if (!Number.isFinite(bytes) || bytes < 1) {
    throw new CliError(
      code,
      `${what} ${JSON.stringify(String(value))}: expected a size such as 1MiB, 512KiB or 16MiB.`,
    );
  }
  return bytes;
}
