import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, safeReturnPath } from './return-path.ts';

const ORIGIN = 'http://localhost:3000';

describe('the sign-in return path (`next`)', () => {
  // The probe's value arrives decoded: /sign-in?next=/%5C127.0.0.1:9/phish gives `/\127.0.0.1:9/phish`.
  const elsewhere = [
    '/\\127.0.0.1:9/phish',
    '/\\evil.example',
    '/\\\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '//evil.example',
    '///evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    ' //evil.example',
    'https://evil.example',
    'http://evil.example/skills',
    'HTTPS://evil.example',
    'https:evil.example',
    'http://localhost:3000@evil.example/',
    'http://localhost:3001/skills',
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/.//evil.example',
    '/./\\evil.example',
    '/..//evil.example',
    '',
  ];
  it.each(elsewhere)('refuses %j and goes to the default page', (next) => {
    expect(safeReturnPath(next, ORIGIN)).toBe(DEFAULT_RETURN_PATH);
  });

  it.each([
    ['/workflows', '/workflows'],
    ['/runs?status=RUNNING#top', '/runs?status=RUNNING#top'],
    ['/sign-in?next=%2Fskills', '/sign-in?next=%2Fskills'],
    // Stays a path on this console: the encoded backslash is not decoded again by the browser.
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['http://localhost:3000/qa', '/qa'],
    ['/runs/../settings', '/settings'],
    // A same-scheme URL with no host is relative to this console.
    ['http:', '/'],
  ])('accepts %j as %j', (next, expected) => {
    expect(safeReturnPath(next, ORIGIN)).toBe(expected);
  });

  it('takes the first of repeated parameters and defaults when there is none', () => {
    expect(safeReturnPath(['/qa', '//evil.example'], ORIGIN)).toBe('/qa');
    expect(safeReturnPath(['//evil.example', '/qa'], ORIGIN)).toBe(DEFAULT_RETURN_PATH);
    expect(safeReturnPath(undefined, ORIGIN)).toBe(DEFAULT_RETURN_PATH);
    expect(safeReturnPath(null, ORIGIN)).toBe(DEFAULT_RETURN_PATH);
  });
});
