/**
 * Test support for the "never throws" properties: values of every JSON type and some that are
 * not JSON at all, and every pointer of a document (to put them in every place).
 */
export const ODD_VALUES: unknown[] = [
  null,
  undefined,
  true,
  0,
  -1,
  1.5,
  Number.NaN,
  '',
  '$',
  '$$',
  'States.',
  '{% x %}',
  [],
  [null],
  {},
  { Type: 'Task' },
  new Map(),
  new Date(0),
  () => 1,
  Symbol('s'),
  10n,
];

export function allPointers(doc: unknown, base = ''): string[] {
  const out = [base];
  if (Array.isArray(doc)) doc.forEach((v, i) => out.push(...allPointers(v, `${base}/${i}`)));
  else if (doc && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) out.push(...allPointers(v, `${base}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return out;
}

/** Deterministic strings over the characters that matter to the path and intrinsic grammars. */
export function randomStrings(count: number, seed = 1): string[] {
  const alphabet = '$@.[]()?*:,\'"\\-!=<>&|/ ~01aZ_{}States.Format';
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state;
  };
  return Array.from({ length: count }, () => {
    const length = next() % 24;
    let s = next() % 3 === 0 ? 'States.' : '$';
    for (let i = 0; i < length; i++) s += alphabet[next() % alphabet.length];
    return s;
  });
}
