/** Larger files are refused: a workflow is a few dozen KB, and a huge paste would freeze the editor. */
export const MAX_WORKFLOW_FILE_BYTES = 2 * 1024 * 1024;

/**
 * Reads a dropped or picked file as editor text. A UTF-8 byte-order mark is dropped (JSON.parse
 * rejects it, and so would the validator) and line endings become `\n`, because a textarea
 * normalises them and offsets into the text must match what the textarea holds.
 */
export async function readWorkflowFile(file: File): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > MAX_WORKFLOW_FILE_BYTES) {
    return {
      ok: false,
      message: `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_WORKFLOW_FILE_BYTES / 1024 / 1024} MB.`,
    };
  }
  try {
    const text = await file.text();
    return { ok: true, text: text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n') };
  } catch (err) {
    return { ok: false, message: `Cannot read ${file.name}: ${err instanceof Error ? err.message : String(err)}` };
  }
}
