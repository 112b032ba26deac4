import type { Document } from '../../shared/domain/document';
import type { ContentSource, DroppedFile, IntakeBridge } from '../../shared/ipc/api';
import type { InvokeChannel, InvokeResponse } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/errors';

/**
 * A bridge whose answers the test releases by hand, in any order. Main's timing cannot be steered over a
 * real socket, and ordering is exactly what the stale-answer logic must get right.
 */
export class ScriptedBridge implements IntakeBridge {
  readonly calls: { channel: InvokeChannel; request: unknown; resolve(result: IpcResult<unknown>): void }[] = [];

  /**
   * Keeping typed values (drafts.*) happens beside every change of the form, and the type suggestion
   * (documents.suggestType) beside every suggestions answer: answered at once (nothing kept, no type) and
   * listed here apart, so a test's numbering of the calls it scripts stays as it was.
   */
  readonly draftCalls: { channel: InvokeChannel; request: unknown }[] = [];
  /** What documents.suggestType answers (null: no confident type). */
  typeGuess: { code: string; confidence: number; examples: number } | null = null;

  invoke<C extends InvokeChannel>(channel: C, request: unknown): Promise<IpcResult<InvokeResponse<C>>> {
    if (channel.startsWith('drafts.') || channel === 'documents.suggestType') {
      this.draftCalls.push({ channel, request });
      const value =
        channel === 'drafts.list'
          ? []
          : channel === 'drafts.save'
            ? null
            : channel === 'documents.suggestType'
              ? this.typeGuess
              : {};
      return Promise.resolve({ ok: true, value } as IpcResult<InvokeResponse<C>>);
    }
    return new Promise((resolve) => {
      // The test supplies answers of the right shape per channel.
      this.calls.push({ channel, request, resolve: resolve as unknown as (r: IpcResult<unknown>) => void });
    });
  }

  on(): () => void {
    return () => undefined;
  }

  /** Dropped files, answered like invokes (under the pseudo channel 'documents.importPath'). */
  importFile(file: DroppedFile): Promise<IpcResult<Document>> {
    return this.invoke('documents.importPath', { path: file.name });
  }

  contentSource(documentId: string): ContentSource {
    return { url: `/api/documents/${documentId}/content`, headers: {} };
  }

  /** Answers call `index` (in order of calling) with a value or an error. */
  answer(index: number, result: IpcResult<unknown>): void {
    const call = this.calls[index];
    if (!call) throw new Error(`no call #${index}`);
    call.resolve(result);
  }

  /** Lets pending promise callbacks run. */
  static async settle(): Promise<void> {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }
}
