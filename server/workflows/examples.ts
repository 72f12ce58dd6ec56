import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type WorkflowFile = {
  file: string;
  workflowId: string | null;
  workflowName: string | null;
  version: string | null;
  description: string | null;
  document: unknown;
  /** Set when the file is not JSON. */
  parseError: string | null;
};

/** The example workflows shipped in `workflows/` (top level `*.json`, in name order; `catalog.json` is the seed list, not a workflow). */
export async function listWorkflowFiles(dir: string): Promise<WorkflowFile[]> {
  const names = (await readdir(dir, { withFileTypes: true }).catch(() => []))
    .filter((d) => d.isFile() && d.name.endsWith('.json') && d.name !== 'catalog.json')
    .map((d) => d.name)
    .sort();
  return Promise.all(
    names.map(async (file): Promise<WorkflowFile> => {
      const text = await readFile(path.join(dir, file), 'utf8');
      try {
        const document = JSON.parse(text) as Record<string, unknown>;
        const str = (v: unknown) => (typeof v === 'string' ? v : null);
        return {
          file,
          workflowId: str(document.workflow_id),
          workflowName: str(document.workflow_name),
          version: str(document.version),
          description: str(document.description),
          document,
          parseError: null,
        };
      } catch (err) {
        return {
          file,
          workflowId: null,
          workflowName: null,
          version: null,
          description: null,
          document: null,
          parseError: (err as Error).message,
        };
      }
    }),
  );
}
