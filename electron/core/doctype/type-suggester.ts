import type { Document } from '../../../shared/domain/document';
import type { TypeGuess } from './type-classifier';
import { TypeClassifier } from './type-classifier';

export interface TypeSuggesterDeps {
  /** Documents this station sent (uploaded or archived), newest first. */
  sent: () => Document[] | Promise<Document[]>;
  /** The text read from a content (by its SHA-256), or undefined when it was never read. */
  textOf: (sha256: string) => Promise<string | undefined>;
  /** The text of a document in the inbox, read now if it was not yet. */
  inboxText: (doc: Document) => Promise<string | undefined>;
  /** Which codes the station offers (a type no longer offered is not suggested). */
  offered: () => readonly string[];
}

/** At most this many sent documents are learnt from (the newest: the clerk's current habits). */
const HISTORY = 2000;

/**
 * Suggests a document's type from the station's history (issue #31 item 10). The model is learnt again
 * when the history changed (a document was sent), from the sent documents' cached text and the type the
 * clerk gave each; a document whose text was never read is left out.
 */
export class TypeSuggester {
  private model?: { key: string; classifier: TypeClassifier };
  private readonly texts = new Map<string, string | null>();

  constructor(private readonly deps: TypeSuggesterDeps) {}

  async suggest(doc: Document): Promise<TypeGuess | undefined> {
    const classifier = await this.classifier();
    const text = await this.deps.inboxText(doc);
    if (!text) return undefined;
    const guess = classifier.predict(text);
    return guess && this.deps.offered().includes(guess.code) ? guess : undefined;
  }

  private async classifier(): Promise<TypeClassifier> {
    const sent = (await this.deps.sent()).filter((d) => d.metadata.documentTypeCode?.trim()).slice(0, HISTORY);
    const key = `${sent.length}:${sent[0]?.id ?? ''}:${sent.at(-1)?.id ?? ''}`;
    if (this.model?.key === key) return this.model.classifier;
    const examples = [];
    for (const d of sent) {
      let text = this.texts.get(d.sha256);
      if (text === undefined) {
        text = (await this.deps.textOf(d.sha256)) ?? null;
        this.texts.set(d.sha256, text);
      }
      if (text) examples.push({ text, code: d.metadata.documentTypeCode!.trim() });
    }
    const classifier = TypeClassifier.train(examples);
    this.model = { key, classifier };
    return classifier;
  }
}
