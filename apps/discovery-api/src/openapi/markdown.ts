import { DEFAULT_RATE_LIMITS } from '../http/rate-limit-table';
import { OPERATIONS } from './operations';
import type { JsonSchema } from './schema-types';

/** Renders the OpenAPI document as the reference part of docs/api.md, so the prose docs
 * cannot drift from what the server publishes (a test compares them). */
export function renderReference(document: JsonSchema): string {
  const lines: string[] = ['## Endpoints', ''];
  const paths = document.paths as Record<string, Record<string, OperationDoc>>;
  for (const operation of OPERATIONS) {
    const doc = paths[operation.path]?.[operation.method];
    if (doc === undefined) continue;
    lines.push(`### \`${operation.method.toUpperCase()} ${operation.path}\``, '', doc.summary + '.', '');
    const access =
      operation.access === 'public'
        ? 'none'
        : operation.access === 'admin'
          ? 'local admin secret, loopback only'
          : `bearer token with the \`${operation.access}\` scope`;
    lines.push(`- Authentication: ${access}`);
    if (operation.rateLimit !== undefined) {
      const rule = DEFAULT_RATE_LIMITS[operation.rateLimit];
      lines.push(
        `- Rate limit: ${rule.limit} requests per ${rule.windowSeconds} s per token (group \`${operation.rateLimit}\`)`,
      );
    }
    for (const parameter of doc.parameters ?? [])
      lines.push(
        `- ${parameter.in === 'query' ? 'Query' : 'Path'} parameter \`${parameter.name}\`: ${typeOf(parameter.schema)}${parameter.required === true ? '' : ' (optional)'}${parameter.schema.description === undefined ? '' : ` — ${shown(parameter.schema.description)}`}`,
      );
    const body = doc.requestBody?.content['application/json']?.schema.$ref;
    if (body !== undefined)
      lines.push(
        `- Request body: ${link(body)}${doc.requestBody?.required === true ? '' : ' (optional; an absent body counts as `{}`)'}`,
      );
    lines.push('- Responses:');
    for (const [status, listed] of Object.entries(doc.responses)) {
      const response = resolved(document, listed);
      const schema = response.content?.['application/json']?.schema.$ref;
      lines.push(`  - \`${status}\` ${response.description}${schema === undefined ? '' : ` — ${link(schema)}`}`);
    }
    lines.push('');
  }
  lines.push('## Schemas', '');
  const schemas = (document.components as { schemas: Record<string, JsonSchema> }).schemas;
  for (const [name, schema] of Object.entries(schemas)) {
    lines.push(`### ${name}`, '');
    if (typeof schema.description === 'string') lines.push(schema.description, '');
    const properties = schema.properties as Record<string, JsonSchema> | undefined;
    if (properties === undefined) {
      lines.push(`${typeOf(schema)}`, '');
      continue;
    }
    const required = new Set((schema.required as string[] | undefined) ?? []);
    lines.push(
      schema.additionalProperties === false
        ? 'Unknown members are rejected.'
        : 'Clients must ignore members they do not know.',
      '',
    );
    lines.push('| Member | Type | Required | Notes |', '|---|---|---|---|');
    for (const [member, memberSchema] of Object.entries(properties)) {
      lines.push(
        `| \`${member}\` | ${typeOf(memberSchema)} | ${required.has(member) ? 'yes' : 'no'} | ${notes(memberSchema)} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

interface ResponseDoc {
  description: string;
  content?: Record<string, { schema: { $ref?: string } }>;
}

interface OperationDoc {
  summary: string;
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, ResponseDoc | { $ref: string }>;
}

/** A response as written, or the shared one of components/responses it refers to. */
export function resolved<R extends object>(document: JsonSchema, response: R | { $ref: string }): R {
  if (!('$ref' in response) || typeof response.$ref !== 'string') return response as R;
  const name = response.$ref.replace('#/components/responses/', '');
  return (document.components as { responses: Record<string, R> }).responses[name]!;
}

function link(ref: string): string {
  const name = ref.replace('#/components/schemas/', '');
  return `[${name}](#${name.toLowerCase()})`;
}

function typeOf(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return link(schema.$ref);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => `\`${String(v)}\``).join(', ');
  if (Array.isArray(schema.type)) return (schema.type as string[]).join(' or ');
  if (schema.type === 'array') return `array of ${typeOf((schema.items as JsonSchema | undefined) ?? {})}`;
  if (
    schema.type === 'object' &&
    schema.additionalProperties !== undefined &&
    typeof schema.additionalProperties === 'object'
  ) {
    return `object of ${typeOf(schema.additionalProperties as JsonSchema)}`;
  }
  return typeof schema.type === 'string'
    ? schema.format === undefined
      ? schema.type
      : `${schema.type} (${shown(schema.format)})`
    : 'any';
}

/** A schema keyword's value as text: numbers and strings as they are, anything else as JSON. */
function shown(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

function notes(schema: JsonSchema): string {
  const parts: string[] = [];
  if (typeof schema.description === 'string') parts.push(schema.description);
  if (schema.exclusiveMinimum !== undefined)
    parts.push(
      `above ${shown(schema.exclusiveMinimum)}${schema.maximum === undefined ? '' : `, at most ${shown(schema.maximum)}`}`,
    );
  else if (schema.minimum !== undefined || schema.maximum !== undefined)
    parts.push(`range ${shown(schema.minimum ?? '…')} to ${shown(schema.maximum ?? '…')}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    parts.push(`length ${shown(schema.minLength ?? 0)} to ${shown(schema.maxLength ?? '…')}`);
  if (schema.minItems !== undefined && schema.maxItems !== undefined)
    parts.push(`${shown(schema.minItems)} to ${shown(schema.maxItems)} items`);
  else if (schema.minItems !== undefined) parts.push(`at least ${shown(schema.minItems)} items`);
  else if (schema.maxItems !== undefined) parts.push(`at most ${shown(schema.maxItems)} items`);
  return parts.join('; ').replaceAll('|', '\\|');
}
