import { Naivebayes } from 'classificator';
import fc from 'fast-check';
import { LocalClassifier } from './classifier';
import { tokenize } from './text';

const PARTIES_BY_CATEGORY = {
  Groceries: ['Green Valley Organic Market', 'Sunrise Organic Foods', 'Organic Corner Market'],
  Sports: ['City Fitness Club', 'Power Fitness Studio', 'Fitness First Club'],
};

function trained(): LocalClassifier {
  const classifier = new LocalClassifier();
  classifier.learnAll(
    Object.entries(PARTIES_BY_CATEGORY).flatMap(([category, parties]) => parties.map((party) => ({ party, category }))),
  );
  return classifier;
}

describe('LocalClassifier', () => {
  it('recognises an unseen party from words of the user’s mappings, with its posterior as confidence', () => {
    const decision = trained().decide({ party: 'Hilltop Organic Market 0815', creditDebit: 'DBIT' }, 0.6);
    expect(decision?.category).toBe('Groceries');
    expect(decision?.tier).toBe('classifier');
    expect(decision!.confidence).toBeGreaterThan(0.6);
    expect(decision!.confidence).toBeLessThanOrEqual(1);
  });

  it('stays below the threshold when the evidence is mixed', () => {
    const prediction = trained().predict({ party: 'Organic Fitness' });
    expect(prediction!.confidence).toBeLessThan(0.9);
    expect(trained().decide({ party: 'Organic Fitness', creditDebit: 'DBIT' }, 0.9)).toBeUndefined();
  });

  it('does not guess from the prior when no word is known', () => {
    expect(trained().predict({ party: 'Zyxw Qqq' })).toBeUndefined();
    expect(new LocalClassifier().predict({ party: 'Organic Market' })).toBeUndefined();
  });

  it('ignores numbers such as card or store ids', () => {
    const classifier = new LocalClassifier();
    classifier.learn({ party: '4711 0815', category: 'Cash' });
    expect(classifier.size).toBe(0);
  });
});

describe('LocalClassifier posterior', () => {
  it('equals the library’s own (decimal.js) posterior', () => {
    const words = ['market', 'organic', 'fitness', 'club', 'hotel', 'alpine', 'bank', 'fee'];
    const categories = ['A', 'B', 'C'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ words: fc.subarray(words, { minLength: 1 }), category: fc.constantFrom(...categories) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.subarray(words, { minLength: 1 }),
        (examples, query) => {
          const ours = new LocalClassifier({ alpha: 0.1 });
          const reference = new Naivebayes({ tokenizer: tokenize, alpha: 0.1 });
          for (const example of examples) {
            ours.learn({ party: example.words.join(' '), category: example.category });
            reference.learn(example.words.join(' '), example.category);
          }
          const prediction = ours.predict({ party: query.join(' ') });
          const likelihoods = reference.categorize(query.join(' ')).likelihoods;
          const knowsAWord = query.some((word) => examples.some((example) => example.words.includes(word)));
          if (!knowsAWord) return prediction === undefined;
          // On a tie any of the best categories is right; its probability must be the top one.
          const ourProbability = likelihoods.find((l) => l.category === prediction?.category)?.proba ?? -1;
          return (
            Math.abs(prediction!.confidence - likelihoods[0]!.proba) < 1e-9 &&
            Math.abs(ourProbability - likelihoods[0]!.proba) < 1e-9
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('LocalClassifier evidence', () => {
  const words = ['market', 'organic', 'fitness', 'club', 'hotel', 'alpine', 'bank', 'fee'];

  it('decides from party evidence extended by the text exactly as from the whole row, at any threshold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ words: fc.subarray(words, { minLength: 1 }), category: fc.constantFrom('A', 'B', 'C') }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.subarray(words),
        fc.subarray(words),
        // 1 meets the confidence of a model that knows one category only: the boundary must decide.
        fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
        (examples, party, text, threshold) => {
          const classifier = new LocalClassifier();
          classifier.learnAll(
            examples.map((example) => ({ party: example.words.join(' '), category: example.category })),
          );
          const partyEvidence = classifier.evidence(tokenize(party.join(' ')));
          const fromEvidence = classifier.decideFrom(
            classifier.evidence(tokenize(text.join(' ')), partyEvidence),
            threshold,
          );
          expect(fromEvidence).toEqual(
            classifier.decide({ party: party.join(' '), text: text.join(' '), creditDebit: 'DBIT' }, threshold),
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
