import { describe, expect, it } from 'vitest';
import { checkPath, type PathCheck, type PathRule } from './check-path';

describe('checkPath', () => {
  it.each<[string, PathRule | undefined, PathCheck]>([
    ['$.advisor_name', undefined, { ok: true, kind: 'path' }],
    ['$$.Map.Item.Value', undefined, { ok: true, kind: 'path' }],
    ["States.Format('{} {}', $.a, $.b)", undefined, { ok: true, kind: 'intrinsic' }],
    ['States.UUID()', 'pathOrIntrinsic', { ok: true, kind: 'intrinsic' }],
    ['$.calls[*].id', 'path', { ok: true, kind: 'path' }],
    ['$.calls[0].id', 'reference', { ok: true, kind: 'path' }],
    ['$.result', 'result', { ok: true, kind: 'path' }],
  ])('accepts %j (%s)', (text, rule, expected) => {
    expect(checkPath(text, rule)).toEqual(expected);
  });

  it.each<[string, PathRule | undefined, number, string]>([
    ['$.a[', undefined, 4, ''],
    ['$.a.', undefined, 4, 'member name'],
    ['advisor_name', undefined, 0, "a path starts with '$' (or use an intrinsic call, States.*)"],
    ['advisor_name', 'path', 0, "a path starts with '$'"],
    ["States.Format('{}')", undefined, 14, 'argument'],
    ['States.Nope()', undefined, 0, 'unknown intrinsic function States.Nope'],
    ['States.UUID()', 'path', 0, "a path starts with '$'"],
    ['$.calls[*].id', 'reference', 7, 'Reference Path'],
    ['$..id', 'reference', 1, 'Reference Path'],
    ['$$.State.Name', 'result', 0, "must start with '$'"],
  ])('rejects %j (%s) at offset %i', (text, rule, offset, message) => {
    const r = checkPath(text, rule);
    expect(r).toMatchObject({ ok: false, offset });
    if (!r.ok) expect(r.message).toContain(message);
  });
});
