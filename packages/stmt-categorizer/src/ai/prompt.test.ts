import { buildMessages, MAX_TEXT_SENT, parseAnswers } from './prompt';

const categories = ['Groceries', 'Travel'];

describe('buildMessages', () => {
  it('sends party, direction and shortened text only, and lists the allowed categories', () => {
    const [system, user] = buildMessages(
      [{ id: 0, party: 'Corner Shop', creditDebit: 'CRDT', text: 'x'.repeat(500) }],
      categories,
    );
    expect(system?.content).toContain('["Groceries","Travel"]');
    const sent = JSON.parse(user!.content) as { transactions: Array<Record<string, unknown>> };
    expect(sent.transactions).toEqual([
      { id: 0, party: 'Corner Shop', direction: 'credit', text: 'x'.repeat(MAX_TEXT_SENT) },
    ]);
  });
});

describe('parseAnswers', () => {
  it('maps categories case-insensitively onto the canonical names', () => {
    const { answers, rejected } = parseAnswers(
      '{"results":[{"id":0,"category":"groceries"},{"id":"1","category":"Space Travel"}]}',
      categories,
    );
    expect(answers.get(0)).toEqual({ category: 'Groceries', confidence: 0.75 });
    expect(answers.has(1)).toBe(false);
    expect(rejected).toEqual(['Space Travel']);
  });

  it('accepts a bare array and a fenced block, ignores Uncategorized and out-of-range confidence', () => {
    const { answers } = parseAnswers(
      '```\n[{"id":2,"category":"Travel","confidence":7},{"id":3,"category":"Uncategorized"}]\n```',
      categories,
    );
    expect([...answers]).toEqual([[2, { category: 'Travel', confidence: 0.75 }]]);
  });

  it('throws AI_BAD_RESPONSE for prose or a JSON without results', () => {
    expect(() => parseAnswers('I would say Travel', categories)).toThrow('ai service answer is malformed');
    expect(() => parseAnswers('{"answer":"Travel"}', categories)).toThrow('no "results" list');
  });
});
