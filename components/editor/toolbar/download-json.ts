/**
 * The file name a workflow downloads as: its name in lowercase words joined by hyphens, and its
 * version, e.g. `standard-advice-call-analysis-1.0.0.json`.
 */
export function downloadName(doc: { workflow_name?: unknown; version?: unknown }): string {
  const name = typeof doc.workflow_name === 'string' ? doc.workflow_name : '';
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'workflow';
  const version = typeof doc.version === 'string' && /^[0-9A-Za-z.+-]+$/.test(doc.version) ? `-${doc.version}` : '';
  return `${slug}${version}.json`;
}

/** Saves `text` as a file through the browser's download (no server round trip). */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
