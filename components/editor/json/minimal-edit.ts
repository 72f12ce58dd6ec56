/**
 * The smallest single replacement that turns `from` into `to`: the common prefix and suffix are
 * kept and only the middle is replaced. Applying a canvas edit this way leaves the JSON view's
 * caret, selection and scroll where they were unless the change touches them.
 */
export function minimalEdit(from: string, to: string): { from: number; to: number; insert: string } {
  const max = Math.min(from.length, to.length);
  let start = 0;
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let endFrom = from.length;
  let endTo = to.length;
  while (endFrom > start && endTo > start && from.charCodeAt(endFrom - 1) === to.charCodeAt(endTo - 1)) {
    endFrom--;
    endTo--;
  }
  return { from: start, to: endFrom, insert: to.slice(start, endTo) };
}
