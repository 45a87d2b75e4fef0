import type { RequestContext } from '../http/context';

/** What a route handler sees: validated parameters and body, and who is asking. */
export interface HandlerInput {
  params: Record<string, string>;
  /** Query parameters the operation declares, validated (integers as numbers). */
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  context: RequestContext;
}

/** What a handler answers: a JSON body, raw text with its content type, or no body. */
export type HandlerResult =
  { status: number; json: unknown } | { status: number; text: string; contentType: string } | { status: 204 };

export type Handler = (input: HandlerInput) => Promise<HandlerResult>;
