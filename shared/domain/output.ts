/**
 * What is sent for a document (issue #39): the scanner's file as it is, or a searchable PDF made from
 * the words the app read. The original always stays in the local archive. One place decides, for the
 * upload (core), the Settings screen and the agent.
 */
import { z } from 'zod';
import { profileFor } from './folder-profile';

export const OUTPUT_KINDS = ['original', 'searchable-pdf'] as const;
export const OutputKindSchema = z.enum(OUTPUT_KINDS);
export type OutputKind = z.infer<typeof OutputKindSchema>;

/**
 * What a folder (or a drop) that says nothing sends: the original, so a settings file written before
 * issue #39 sends what it always sent. A folder added in Settings gets NEW_OUTPUT
 * (docs/platform-choices.md argues both).
 */
export const UNSET_OUTPUT: OutputKind = 'original';
export const NEW_OUTPUT: OutputKind = 'searchable-pdf';

/** The choice for dropped files (settings.droppedFiles). */
export const DroppedFilesSchema = z.object({
  output: OutputKindSchema.optional(),
  smallerOutput: z.boolean().optional(),
});

export interface OutputChoice {
  output: OutputKind;
  /** Text pages sent bitonal (CCITT G4) where OCR reads them as well; only with a searchable PDF. */
  smaller: boolean;
}

/** The source folder of a dropped file (document-intake.ts). */
export const DROPPED_FOLDER = 'import';

/** The choice for a document from this source folder: its folder profile's, or the dropped files'. */
export function outputChoiceFor(
  settings: {
    folders?: readonly { path: string; output?: OutputKind | undefined; smallerOutput?: boolean | undefined }[];
    droppedFiles?: { output?: OutputKind | undefined; smallerOutput?: boolean | undefined } | undefined;
  },
  sourceFolder: string,
): OutputChoice {
  const from =
    sourceFolder === DROPPED_FOLDER ? settings.droppedFiles : profileFor(settings.folders ?? [], sourceFolder);
  const output = from?.output ?? UNSET_OUTPUT;
  return { output, smaller: output === 'searchable-pdf' && from?.smallerOutput === true };
}
