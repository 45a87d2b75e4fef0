import { CategorizerError } from '../errors';
import type { CreditDebit } from '../types';

/** What the AI service is told about one row: no amounts, dates, IBANs or account data. */
export interface AiQuestion {
  id: number;
  party?: string;
  creditDebit: CreditDebit;
  text?: string;
}

export interface AiAnswer {
  category: string;
  confidence: number;
}

export interface ParsedAnswers {
  answers: Map<number, AiAnswer>;
  /** Categories the service named that are not in the database; such answers are dropped. */
  rejected: string[];
}

/** Remittance text is cut to this length: enough to recognise a purpose, not a whole invoice. */
export const MAX_TEXT_SENT = 120;
/** Confidence given to an AI answer that does not state its own. */
export const AI_DEFAULT_CONFIDENCE = 0.75;
const NO_CATEGORY = 'Uncategorized';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export function buildMessages(questions: readonly AiQuestion[], categories: readonly string[]): ChatMessage[] {
  const system = [
    'You categorise bank transactions for a personal finance tool.',
    `Allowed categories: ${JSON.stringify(categories)}.`,
    `Use exactly one allowed category per transaction, or "${NO_CATEGORY}" if none fits.`,
    '"direction" is "debit" for money paid to the party and "credit" for money received from it.',
    'Answer with JSON only, in this shape: {"results":[{"id":1,"category":"...","confidence":0.9}]}.',
  ].join('\n');
  const transactions = questions.map((q) => ({
    id: q.id,
    party: q.party ?? '',
    direction: q.creditDebit === 'DBIT' ? 'debit' : 'credit',
    ...(q.text ? { text: q.text.slice(0, MAX_TEXT_SENT) } : {}),
  }));
  return [
    { role: 'system', content: system },
    { role: 'user', content: JSON.stringify({ transactions }) },
  ];
}

/** Models often wrap JSON in a Markdown code fence even when told not to. */
function unfence(content: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  return (fenced?.[1] ?? content).trim();
}

const isList = (value: unknown): value is unknown[] => Array.isArray(value);

function resultList(document: unknown): unknown[] | undefined {
  if (isList(document)) return document;
  if (document && typeof document === 'object') {
    for (const key of ['results', 'transactions', 'categories']) {
      const value = (document as Record<string, unknown>)[key];
      if (isList(value)) return value;
    }
  }
  return undefined;
}

const malformed = (what: string): CategorizerError =>
  new CategorizerError('AI_BAD_RESPONSE', `ai service answer is malformed: ${what}`);

/** Reads the assistant's content; only answers naming a known category (any case) are kept. */
export function parseAnswers(content: string, categories: readonly string[]): ParsedAnswers {
  let document: unknown;
  try {
    document = JSON.parse(unfence(content));
  } catch {
    throw malformed('content is not JSON');
  }
  const list = resultList(document);
  if (!list) throw malformed('no "results" list');
  const known = new Map(categories.map((name) => [name.toLowerCase(), name]));
  const answers = new Map<number, AiAnswer>();
  const rejected: string[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const { id, category, confidence } = item as Record<string, unknown>;
    if (typeof category !== 'string' || (typeof id !== 'number' && typeof id !== 'string')) continue;
    if (category.trim().toLowerCase() === NO_CATEGORY.toLowerCase()) continue;
    const canonical = known.get(category.trim().toLowerCase());
    if (!canonical) {
      rejected.push(category);
      continue;
    }
    const stated =
      typeof confidence === 'number' && confidence >= 0 && confidence <= 1 ? confidence : AI_DEFAULT_CONFIDENCE;
    answers.set(Number(id), { category: canonical, confidence: stated });
  }
  return { answers, rejected };
}
