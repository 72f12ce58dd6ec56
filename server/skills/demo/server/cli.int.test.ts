import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../testing/test-database.ts';

/** `dcf demo-skills` (cli/commands/demo-skills.ts) as a process: prints its URL, serves MCP, exits 0 on SIGTERM. */
describe('dcf demo-skills', () => {
  it('prints {"url"} once listening, serves the demo skills with the given faults, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [path.join(PROJECT_ROOT, 'cli/dcf.mjs'), 'demo-skills', '--port', '0', '--faults', '{"scoring":{"failure_rate":1}}', '--seed', '9'],
      {
        cwd: PROJECT_ROOT,
        env: { ...process.env, NODE_ENV: 'test' },
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      void exited.then(() => reject(new Error(`exited before listening: ${out}`)));
    });
    const { url } = JSON.parse(line) as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const faults = await client.callTool({ name: 'demo_get_faults', arguments: {} });
    expect(faults.structuredContent).toEqual({ faults: { scoring: { failure_rate: 1 } }, seed: 9 });
    await client.close();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses invalid faults with exit 2', async () => {
    const child = spawn(
      process.execPath,
      [path.join(PROJECT_ROOT, 'cli/dcf.mjs'), 'demo-skills', '--port', '0', '--faults', '{"nope":{}}'],
      { cwd: PROJECT_ROOT },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(2);
    expect(JSON.parse(out)).toMatchObject({
      status: 'error',
      error_code: 'usage',
      error: expect.stringContaining('unknown demo skill "nope"'),
    });
  });
});
