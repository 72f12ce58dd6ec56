import { describe, expect, it } from 'vitest';
import { resolveWorkspacePath } from './paths.ts';

describe('resolveWorkspacePath', () => {
  const root = '/srv/dcf';
  it('resolves relative paths and relative file:// URIs from the root', () => {
    expect(resolveWorkspacePath(root, 'skills/a.json')).toEqual({ ok: true, absolute: '/srv/dcf/skills/a.json', relative: 'skills/a.json' });
    expect(resolveWorkspacePath(root, 'file://skills/a.json')).toMatchObject({ ok: true, absolute: '/srv/dcf/skills/a.json' });
    expect(resolveWorkspacePath(root, 'file:///srv/dcf/workflows/w.json')).toMatchObject({ ok: true, relative: 'workflows/w.json' });
    expect(resolveWorkspacePath(root, 'file://skills/with%20space.json')).toMatchObject({ ok: true, relative: 'skills/with space.json' });
  });

  it('refuses anything outside the root', () => {
    for (const p of ['../etc/passwd', '/etc/passwd', 'file:///etc/passwd', 'skills/../../x', '/srv/dcf-other/x', '.', '']) {
      expect(resolveWorkspacePath(root, p).ok, p).toBe(false);
    }
  });
});
