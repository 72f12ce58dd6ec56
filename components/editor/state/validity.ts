/**
 * What the editor says of its document now. `unchecked`: the validation request itself failed
 * (the server was unreachable or answered with an error), so nothing is known of the document —
 * not "0 errors", and not "no problems". The toolbar's badge shows it as `data-valid`.
 */
export type Validity = 'syntax' | 'checking' | 'unchecked' | 'valid' | 'invalid';

export function validityOf(v: { syntaxError: unknown; checking: boolean; valid: boolean; error: Error | null }): Validity {
  if (v.syntaxError) return 'syntax';
  if (v.checking) return 'checking';
  if (v.valid) return 'valid';
  return v.error ? 'unchecked' : 'invalid';
}

/** The badge's `data-valid`: 'true', 'pending' while checking, 'unchecked', else 'false'. */
export function dataValidOf(v: Validity): string {
  return v === 'valid' ? 'true' : v === 'checking' ? 'pending' : v === 'unchecked' ? 'unchecked' : 'false';
}
