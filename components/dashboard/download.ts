/**
 * Saves a file the page made (browser only): a temporary object URL on a link with `download`,
 * clicked and released — the browser's own download, so tests see a download event.
 */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Let the download start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A figure's CSV text as a download. */
export const saveCsv = (name: string, csv: string) => saveFile(name, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
