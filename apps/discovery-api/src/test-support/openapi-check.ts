import { buildOpenApiDocument } from '../openapi/document';
import { resolved } from '../openapi/markdown';
import { OPERATIONS } from '../openapi/operations';
import { SchemaValidator } from '../http/validation';

const document = buildOpenApiDocument();
const validator = new SchemaValidator(document);
const templates = OPERATIONS.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`),
}));

interface DocumentedResponse {
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema: { $ref?: string } }>;
}

/** Checks one response against the OpenAPI document: the status is documented for the
 * operation, the body matches its schema, and the documented headers are present. Returns
 * the problems (empty when the response conforms). Unknown routes must answer the error
 * envelope. */
export function responseProblems(
  method: string,
  path: string,
  status: number,
  headers: Headers,
  body: unknown,
): string[] {
  const problems: string[] = [];
  if (headers.get('x-request-id') === null) problems.push('missing X-Request-Id');
  const candidates = templates.filter((t) => t.pattern.test(path));
  const match = candidates.find((t) => t.op.method === method.toLowerCase());
  if (match === undefined) {
    const failures = validator.failures('Error', body);
    if (status !== 404 && status !== 405) problems.push(`undocumented route ${method} ${path} answered ${status}`);
    if (failures.length > 0) problems.push(`error body: ${JSON.stringify(failures)}`);
    return problems;
  }
  const operationDoc = (
    document.paths as Record<
      string,
      Record<string, { responses: Record<string, DocumentedResponse | { $ref: string }> }>
    >
  )[match.op.path]?.[match.op.method];
  const listed = operationDoc?.responses[String(status)];
  const documented = listed === undefined ? undefined : resolved(document, listed);
  if (documented === undefined) return [...problems, `${method} ${match.op.path}: status ${status} is not documented`];
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    if (header.required === true && headers.get(name) === null)
      problems.push(`${method} ${match.op.path} ${status}: missing header ${name}`);
  }
  // A rate-limit header the document does not declare for this status is a problem too.
  for (const [name] of headers) {
    const declared = Object.keys(documented.headers ?? {}).some((d) => d.toLowerCase() === name);
    if ((name.startsWith('x-ratelimit') || name.startsWith('ratelimit') || name === 'retry-after') && !declared)
      problems.push(`${method} ${match.op.path} ${status}: undeclared header ${name}`);
  }
  const json = documented.content?.['application/json'];
  const ref = json?.schema.$ref;
  if (ref !== undefined) {
    const failures = validator.failures(ref.replace('#/components/schemas/', ''), body);
    if (failures.length > 0)
      problems.push(`${method} ${match.op.path} ${status}: ${JSON.stringify(failures.slice(0, 5))}`);
  }
  return problems;
}
