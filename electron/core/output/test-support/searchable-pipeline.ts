/**
 * The real pipeline (folders → capture → queue → text workers → platform client) against the real
 * sandbox, for the searchable-PDF integration tests. `cleanup()` in afterEach stops it all and removes
 * its folders, also when a test fails.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../../sandbox';
import type { RunningSandbox, StoredUpload } from '../../../../sandbox';
import type { Notice } from '../../../../shared/domain/notice';
import type { FolderProfile } from '../../../../shared/domain/settings';
import { EventBus } from '../../events/event-bus';
import type { IntakePipeline } from '../../intake-pipeline';
import { createIntakePipeline } from '../../intake-pipeline';
import { testPipelineOptions } from '../../test-support/pipeline-options';
import { DocumentTextService } from '../../suggestions/document-text';
import { sandboxUploader } from '../../queue/test-support/sandbox-uploader';

export function searchablePipeline() {
  let dir: string | undefined;
  let sandbox: RunningSandbox | undefined;
  let pipeline: IntakePipeline | undefined;
  let text: DocumentTextService | undefined;
  const h = {
    async cleanup() {
      await pipeline?.stop();
      await text?.close();
      await sandbox?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
      pipeline = sandbox = text = dir = undefined;
    },
    /** The text workers of the last start (closed by the test to stop the program as app.ts does). */
    text: () => text!,
    /** The pipeline was stopped by the test: cleanup() does not stop it again. */
    forget() {
      pipeline = undefined;
    },
    /** `again`: the same data folder and platform as the last start (a restart of the program). */
    async start(folders: FolderProfile[], again = false) {
      if (!again || !dir || !sandbox) {
        dir = mkdtempSync(join(tmpdir(), 'searchable-upload-'));
        sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
      }
      const { uploader, environment } = await sandboxUploader(
        {
          baseUrl: sandbox.baseUrl,
          tokenUrl: sandbox.tokenUrl,
          clientId: sandbox.demoClient.clientId,
          secret: sandbox.demoClient.secret,
        },
        10_000,
      );
      const bus = new EventBus();
      const notices: Pick<Notice, 'code' | 'values'>[] = [];
      bus.on('notice.raised', ({ notice: { code, values } }) => notices.push({ code, values }));
      const data = join(dir, 'data');
      text = new DocumentTextService({ dataDir: data, languages: 'eng', poolSize: 1 });
      const builds: string[] = [];
      const service = text;
      pipeline = await createIntakePipeline(
        testPipelineOptions(
          { dataDir: data, folders, uploader, bus, environment },
          {
            outputText: () => ({
              searchablePdf: (source, out, smaller, languages) => {
                builds.push(source);
                return service.searchablePdf(source, out, smaller, languages);
              },
            }),
          },
        ),
      );
      await pipeline.start();
      const box = sandbox;
      const root = dir;
      const uploads = async () => (await (await fetch(`${box.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
      const bytesOf = (u: StoredUpload) =>
        new Uint8Array(readFileSync(join(root, 'sandbox', 'uploads', `${u.id}.bin`)));
      return { p: pipeline, data, notices, builds, uploads, bytesOf, sandbox: box };
    },
  };
  return h;
}
