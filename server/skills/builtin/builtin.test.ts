import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { checkSkillManifest } from '../check-manifest.ts';
import { parseSkillManifest } from '../manifest.ts';
import { findRegisteredTool, SkillToolError } from '../invoke/registered-tools.ts';
import { echo, fail, sleep } from './index.ts';

const dir = new URL('../../../skills/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.startsWith('builtin.') && f.endsWith('.json'))
  .sort();
const docs = files.map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')));

describe('skills/builtin.*.json', () => {
  it('are the three built-ins, named skill://builtin.<name>@1.0.0, each first-tagged with its own capability', () => {
    expect(files).toEqual(['builtin.echo.json', 'builtin.fail.json', 'builtin.sleep.json']);
    expect(docs.map((d) => d.manifestId)).toEqual([
      'skill://builtin.echo@1.0.0',
      'skill://builtin.fail@1.0.0',
      'skill://builtin.sleep@1.0.0',
    ]);
    expect(docs.map((d) => d.tags[0])).toEqual(['echo', 'fault', 'sleep']);
  });

  it.each(files.map((f, i) => [f, docs[i]]))('%s is valid; its only finding is the registered-tool warning', (_f, doc) => {
    const report = checkSkillManifest(doc);
    expect(report.errors).toEqual([]);
    expect(report.warnings.map((w) => w.code)).toEqual(['skill.platform_tool_required']);
  });

  it('has an in-process handler for every tool, all of them registered definitions', () => {
    for (const doc of docs) {
      const m = parseSkillManifest(doc)!;
      for (const t of m.requiredTools) {
        expect(t.definition.type).toBe('registered');
        expect(findRegisteredTool(m.manifestId, t.toolName), `${m.manifestId}#${t.toolName}`).toBeTypeOf('function');
      }
    }
  });
});

describe('the built-in tools', () => {
  it('echo returns its arguments unchanged', () => {
    const args = { a: 1, nested: { b: [true, null] } };
    expect(echo(args)).toBe(args);
  });

  it('fail fails on attempts 1…times with the given name and cause, then recovers', () => {
    const args = { error: 'States.TaskFailed', cause: 'try again', times: 1 };
    expect(() => fail(args, 1)).toThrow(new SkillToolError('States.TaskFailed', 'try again'));
    expect(fail(args, 2)).toEqual({ recovered: true, attempt: 2 });
    expect(fail({ ...args, times: 0 }, 1)).toEqual({ recovered: true, attempt: 1 });
    expect(() => fail({ error: 'X', cause: 'c' }, 50)).toThrow(SkillToolError);
    expect(() => fail({ error: '', cause: 'c' }, 1)).toThrow(/InvalidArguments/);
    expect(() => fail({ error: 'X', cause: 'c', times: 1.5 }, 1)).toThrow(/times must be/);
  });

  it('sleep waits ms, and stops when aborted', async () => {
    vi.useFakeTimers();
    try {
      let slept: unknown;
      void sleep({ ms: 30 }, new AbortController().signal).then((r) => (slept = r));
      await vi.advanceTimersByTimeAsync(29);
      expect(slept).toBeUndefined(); // not before its 30 ms
      await vi.advanceTimersByTimeAsync(1);
      expect(slept).toEqual({ slept_ms: 30 });
    } finally {
      vi.useRealTimers();
    }
    const ac = new AbortController();
    const pending = sleep({ ms: 60_000 }, ac.signal);
    ac.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    await expect(sleep({ ms: -1 }, ac.signal)).rejects.toThrow(/InvalidArguments/);
  });
});
