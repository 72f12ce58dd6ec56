import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../contracts/audit-actor.ts';
import { testConfig } from '../../testing/test-config.ts';
import { describeTools, findTool } from '../registry.ts';
import { invokeTool } from '../invoke.ts';
import type { ToolContext } from '../../contracts/tool-services.ts';

const agent = (id: string): Actor => ({ kind: 'agent', id, label: id });
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
let dataDir: string;
let services: ToolContext['services'];

async function call(name: string, args: unknown, actor: Actor = agent('agent-a')): Promise<Record<string, unknown>> {
  return (await invokeTool(findTool(name)!, args, { actor, services })) as Record<string, unknown>;
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcf-memtools-'));
  const limits = { DCF_AGENT_MEMORY_QUOTA_BYTES: '4096', DCF_AGENT_MEMORY_MAX_FILE_BYTES: '1024' };
  services = { config: testConfig({ DCF_DATA_DIR: dataDir, ...limits }) };
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('memory-file tools (spec §4)', () => {
  it("have the spec's input schemas", () => {
    type Schema = { properties: Record<string, unknown>; required?: string[] };
    const schemas = Object.fromEntries(describeTools().map((t) => [t.name, t.inputSchema as Schema]));
    expect(Object.keys(schemas.read_agent_memory_file!.properties)).toEqual(['file_path']);
    expect(schemas.read_agent_memory_file!.required).toEqual(['file_path']);
    expect(Object.keys(schemas.write_agent_memory_file!.properties)).toEqual(['file_path', 'content_base64', 'file_type_hint']);
    expect(schemas.write_agent_memory_file!.required).toEqual(['file_path', 'content_base64']);
    expect(schemas.write_agent_memory_file!.properties.file_type_hint).toMatchObject({ enum: ['YAML', 'MARKDOWN', 'TEXT'] });
    expect(Object.keys(schemas.append_to_agent_memory_file!.properties)).toEqual([
      'file_path',
      'content_to_append_base64',
      'ensure_newline_before_append',
    ]);
    expect(schemas.append_to_agent_memory_file!.required).toEqual(['file_path', 'content_to_append_base64']);
    expect(schemas.append_to_agent_memory_file!.properties.ensure_newline_before_append).toMatchObject({ type: 'boolean', default: true });
  });

  it("write, append and read as the calling agent, with the spec's output fields", async () => {
    const beliefs = 'market_beliefs/BTCUSDT_context.yaml';
    expect(await call('write_agent_memory_file', { file_path: beliefs, content_base64: b64('trend: up\n') })).toEqual({
      status: 'ok',
      error: null,
      file_path_written: beliefs,
      status_message: 'File saved successfully.',
    });
    expect(readFileSync(path.join(dataDir, 'agent-memory/agent-a', beliefs), 'utf8')).toBe('trend: up\n');
    const log = 'daily_activity_log.md';
    expect(await call('append_to_agent_memory_file', { file_path: log, content_to_append_base64: b64('# Monday') })).toEqual({
      status: 'ok',
      error: null,
      file_path_appended: log,
      status_message: 'Content appended successfully.',
    });
    await call('append_to_agent_memory_file', { file_path: log, content_to_append_base64: b64('bought') });
    await call('append_to_agent_memory_file', {
      file_path: log,
      content_to_append_base64: b64(', sold'),
      ensure_newline_before_append: false,
    });
    expect(await call('read_agent_memory_file', { file_path: log })).toEqual({
      status: 'ok',
      error: null,
      file_path_read: log,
      content_base64: b64('# Monday\nbought, sold'),
      file_exists: true,
      file_type_hint: 'MARKDOWN',
    });
    const words = b64('just words');
    await call('write_agent_memory_file', { file_path: 'beliefs', content_base64: words, file_type_hint: 'TEXT' });
    expect(await call('read_agent_memory_file', { file_path: 'beliefs' })).toMatchObject({ file_type_hint: 'TEXT', file_exists: true });
    expect(await call('read_agent_memory_file', { file_path: 'missing.yaml' })).toEqual({
      status: 'ok',
      error: null,
      file_path_read: 'missing.yaml',
      content_base64: '',
      file_exists: false,
      file_type_hint: 'YAML',
    });
  });

  it('confine each agent to its own directory: identity from the actor, never an argument', async () => {
    await call('write_agent_memory_file', { file_path: 'secret.txt', content_base64: b64('A only') });
    const asB = (args: Record<string, unknown>) => call('read_agent_memory_file', args, agent('agent-b'));
    expect(await asB({ file_path: 'secret.txt' })).toMatchObject({ status: 'ok', file_exists: false });
    expect(await asB({ file_path: '../agent-a/secret.txt' })).toMatchObject({ status: 'error', error_code: 'forbidden' });
    // An extra argument naming another agent is dropped by the schema, never honoured.
    expect(await asB({ file_path: 'secret.txt', agent_id: 'agent-a' })).toMatchObject({ status: 'ok', file_exists: false });
    // An agent named ".." still gets a directory of its own below agent-memory/.
    await call('write_agent_memory_file', { file_path: 'x.txt', content_base64: b64('dots') }, agent('..'));
    expect(readFileSync(path.join(dataDir, 'agent-memory/%2E./x.txt'), 'utf8')).toBe('dots');
  });

  it('refuse users and the system with forbidden and a clear message', async () => {
    const user: Actor = { kind: 'user', id: 'u1', label: 'admin@demo.dcf', role: 'admin' };
    const r = await call('read_agent_memory_file', { file_path: 'a.md' }, user);
    expect(r).toMatchObject({ status: 'error', error_code: 'forbidden' });
    expect(r.error).toMatch(/calling agent's own memory directory.*user \(admin@demo.dcf\), not an agent/);
    const system: Actor = { kind: 'system', id: 'cli', label: 'cli' };
    expect(await call('write_agent_memory_file', { file_path: 'a.md', content_base64: '' }, system)).toMatchObject({
      status: 'error',
      error_code: 'forbidden',
    });
  });

  it('refuse bad arguments, escapes and limits as expected failures, never internal errors', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['read_agent_memory_file', {}, 'invalid_input'],
      ['read_agent_memory_file', { file_path: '' }, 'invalid_input'],
      ['read_agent_memory_file', { file_path: 'a\0b' }, 'invalid_input'],
      ['read_agent_memory_file', { file_path: '/etc/passwd' }, 'forbidden'],
      ['read_agent_memory_file', { file_path: 'C:\\Windows\\win.ini' }, 'forbidden'],
      ['write_agent_memory_file', { file_path: 'a.md', content_base64: 'not base64!' }, 'invalid_input'],
      ['write_agent_memory_file', { file_path: 'a.md', content_base64: '', file_type_hint: 'UNKNOWN' }, 'invalid_input'],
      ['write_agent_memory_file', { file_path: 'a/../../b.md', content_base64: '' }, 'forbidden'],
      ['write_agent_memory_file', { file_path: `${'n'.repeat(256)}.md`, content_base64: '' }, 'invalid_input'],
      ['write_agent_memory_file', { file_path: 'big.txt', content_base64: b64('x'.repeat(1025)) }, 'invalid_input'],
      ['append_to_agent_memory_file', { file_path: 'a.md', content_to_append_base64: 'a' }, 'invalid_input'],
      [
        'append_to_agent_memory_file',
        {
          file_path: 'a.md',
          content_to_append_base64: '',
          ensure_newline_before_append: 'yes',
        },
        'invalid_input',
      ],
    ];
    for (const [tool, args, code] of cases) {
      expect(await call(tool, args), `${tool} ${JSON.stringify(args).slice(0, 60)}`).toMatchObject({ status: 'error', error_code: code });
    }
    for (let i = 0; i < 4; i++) {
      await call('write_agent_memory_file', { file_path: `f${i}.txt`, content_base64: b64('x'.repeat(1000)) });
    }
    const over = await call('write_agent_memory_file', { file_path: 'f5.txt', content_base64: b64('x'.repeat(200)) });
    expect(over).toMatchObject({ status: 'error', error_code: 'conflict', details: { quota_bytes: 4096 } });
    expect(over.error).toMatch(/memory quota exceeded/);
  });
});
