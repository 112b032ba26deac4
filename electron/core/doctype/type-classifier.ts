/**
 * Which document type a text is, learnt from this station's own history (issue #31 item 10): the text of
 * the documents it sent and the type the clerk chose for each. A multinomial naive Bayes over the words a
 * document contains (each word once per document, so a long letter does not outvote a short one), the
 * small, explainable kind of classifier paperless-ngx's automatic matching uses for the same job. Pure:
 * no I/O, so every rule is tested on generated history.
 */

export interface TypeExample {
  text: string;
  code: string;
}

export interface TypeGuess {
  code: string;
  /** The model's probability of this type (0..1). */
  confidence: number;
  /** How many sent documents of this type it learnt from. */
  examples: number;
}

export interface TypeClassifierOptions {
  /** Suggest only at or above this probability (default 0.9). */
  minConfidence?: number;
  /** Suggest a type only after this many sent documents of it (default 3). */
  minExamples?: number;
}

const WORD = /[\p{L}]{3,}/gu;

/** The words of a text that can tell types apart: letters only (numbers and dates differ per letter). */
export function words(text: string): Set<string> {
  return new Set(text.toLocaleLowerCase('de').match(WORD) ?? []);
}

export class TypeClassifier {
  private constructor(
    private readonly classes: Map<string, { docs: number; counts: Map<string, number>; total: number }>,
    private readonly vocabulary: number,
    private readonly documents: number,
    private readonly options: Required<TypeClassifierOptions>,
  ) {}

  static train(examples: readonly TypeExample[], options: TypeClassifierOptions = {}): TypeClassifier {
    const classes = new Map<string, { docs: number; counts: Map<string, number>; total: number }>();
    const vocabulary = new Set<string>();
    let documents = 0;
    for (const { text, code } of examples) {
      const ws = words(text);
      if (ws.size === 0 || !code) continue;
      documents++;
      let c = classes.get(code);
      if (!c) classes.set(code, (c = { docs: 0, counts: new Map(), total: 0 }));
      c.docs++;
      for (const w of ws) {
        vocabulary.add(w);
        c.counts.set(w, (c.counts.get(w) ?? 0) + 1);
        c.total++;
      }
    }
    return new TypeClassifier(classes, vocabulary.size, documents, {
      minConfidence: options.minConfidence ?? 0.9,
      minExamples: options.minExamples ?? 3,
    });
  }

  /** How many documents it learnt from. */
  get size(): number {
    return this.documents;
  }

  /** Every type with its probability, most likely first (empty when nothing was learnt or no word is known). */
  rank(text: string): TypeGuess[] {
    if (this.classes.size < 2) return [];
    const ws = [...words(text)];
    if (!ws.some((w) => [...this.classes.values()].some((c) => c.counts.has(w)))) return [];
    const scores: { code: string; log: number; docs: number }[] = [];
    for (const [code, c] of this.classes) {
      let log = Math.log(c.docs / this.documents);
      const denominator = Math.log(c.total + this.vocabulary + 1);
      for (const w of ws) log += Math.log((c.counts.get(w) ?? 0) + 1) - denominator;
      scores.push({ code, log, docs: c.docs });
    }
    const max = Math.max(...scores.map((s) => s.log));
    const sum = scores.reduce((acc, s) => acc + Math.exp(s.log - max), 0);
    return scores
      .map((s) => ({ code: s.code, confidence: Math.exp(s.log - max) / sum, examples: s.docs }))
      .sort((a, b) => b.confidence - a.confidence);
  }

  /** The type to suggest, only when the model is confident and learnt it from enough documents. */
  predict(text: string): TypeGuess | undefined {
    const [top] = this.rank(text);
    if (!top || top.confidence < this.options.minConfidence || top.examples < this.options.minExamples)
      return undefined;
    return top;
  }
}
