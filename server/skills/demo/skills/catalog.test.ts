import { describe, expect, it } from 'vitest';
import { DEMO_SKILL_TOOLS, demoSkills } from './catalog.ts';

describe('the demo skills catalog', () => {
  it('serves each tool name once: one MCP server serves them all, and its tool names are unique', () => {
    const names = DEMO_SKILL_TOOLS.map((t) => t.toolName);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('finds every served tool in its skill manifest, each either over the dataset or over the calls’ audio', () => {
    for (const s of demoSkills())
      expect([!!s.tool, !!s.audioTool], s.toolName).toEqual(s.skillName === 'pocketsphinx-transcribe' ? [false, true] : [true, false]);
  });
});
