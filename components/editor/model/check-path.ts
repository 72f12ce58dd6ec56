import type { PathRule } from '@/server/engine/asl/path-fields';
import { parseIntrinsic } from '@/server/engine/intrinsics/parse-intrinsic';
import { parsePath } from '@/server/engine/paths/parse-path';

export type { PathRule };

/** A path's verdict as the inspector shows it: the message and the 0-based offset of the fault. */
export type PathCheck = { ok: true; kind: 'path' | 'intrinsic' } | { ok: false; message: string; offset: number };

/**
 * Checks a path-valued field with the engine's own parsers, under the rules the validator uses
 * (server/engine/asl/path-fields.ts): `pathOrIntrinsic` (the default, a `.$` value or Fail's
 * ErrorPath) also accepts an intrinsic call such as `States.Format('{}', $.a)`; `path` any
 * JSONPath (`$…` or `$$…`); `reference` a Reference Path (only `.name`, `['name']`, `[i]`);
 * `result` a Reference Path into the input (`$…`, for ResultPath).
 */
export function checkPath(text: string, rule: PathRule = 'pathOrIntrinsic'): PathCheck {
  if (rule === 'pathOrIntrinsic' && text.startsWith('States.')) {
    const call = parseIntrinsic(text);
    return call.ok ? { ok: true, kind: 'intrinsic' } : { ok: false, message: call.error, offset: call.position };
  }
  const parsed = parsePath(text);
  if (!parsed.ok) {
    const message =
      rule === 'pathOrIntrinsic' && !text.startsWith('$') ? `a path starts with '$' (or use an intrinsic call, States.*)` : parsed.error;
    return { ok: false, message, offset: parsed.position };
  }
  if ((rule === 'reference' || rule === 'result') && !parsed.isReferencePath) {
    return { ok: false, message: "must be a Reference Path (only .name, ['name'] and [index] steps)", offset: firstNonReferenceStep(text) };
  }
  if (rule === 'result' && parsed.ast.root !== '$') {
    return { ok: false, message: "writes into the state input and must start with '$', not the context object '$$'", offset: 0 };
  }
  return { ok: true, kind: 'path' };
}

/** Where the first wildcard, descent, slice, union, filter or script step starts (0 if not found). */
function firstNonReferenceStep(text: string): number {
  const m = /\.\.|\.\*|\[\s*(?:\*|\?|\(|-?\d*\s*:|['"][^'"]*['"]\s*,|-?\d+\s*,)/.exec(text);
  return m ? m.index : 0;
}
