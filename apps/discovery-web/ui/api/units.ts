// Units of numeric members, read from the server's own OpenAPI document (GET
// /v1/openapi.json, public) rather than assumed: fields change unit between versions
// (market_context.inflation_rate fraction → percent, cost_analysis.annual_savings USD →
// percentage points), and the document's description says which one this server speaks.
export type Unit = 'fraction' | 'percent' | 'usd' | 'points' | 'number';

let documentPromise: Promise<unknown> | undefined;

function openApiDocument(): Promise<unknown> {
  documentPromise ??= fetch('/v1/openapi.json', { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : undefined))
    .catch(() => undefined);
  return documentPromise;
}

/** The description of `schema.properties[member]` (one level of nesting: `cost_analysis.annual_savings`). */
function description(doc: unknown, schema: string, path: string): string | undefined {
  let node = (doc as { components?: { schemas?: Record<string, unknown> } } | undefined)?.components?.schemas?.[
    schema
  ] as Record<string, unknown> | undefined;
  for (const key of path.split('.'))
    node = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[key];
  return typeof node?.description === 'string' ? node.description : undefined;
}

/** The OpenAPI description of a member, e.g. the unit of a screening criterion. */
export async function describedAs(schema: string, path: string): Promise<string | undefined> {
  return description(await openApiDocument(), schema, path);
}

export function unitFromDescription(text: string | undefined): Unit | undefined {
  if (text === undefined) return undefined;
  if (/percentage points/i.test(text)) return 'points';
  if (/\bpercent\b|%/i.test(text) && !/fraction/i.test(text)) return 'percent';
  if (/fraction/i.test(text)) return 'fraction';
  if (/\bUSD\b/.test(text)) return 'usd';
  return 'number';
}

export async function unitOf(schema: string, path: string): Promise<Unit | undefined> {
  return unitFromDescription(description(await openApiDocument(), schema, path));
}

/** A value as text in its unit (a plain number when the document does not say). */
export function withUnit(value: unknown, unit: Unit | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  switch (unit) {
    case 'fraction':
      return `${(value * 100).toFixed(2)} %`;
    case 'percent':
      return `${value.toFixed(2)} %`;
    case 'points':
      return `${value.toFixed(2)} pp`;
    case 'usd':
      return value.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
    default:
      return String(Math.round(value * 10_000) / 10_000);
  }
}
