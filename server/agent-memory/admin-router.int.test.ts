import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type PublicUser } from '../auth/users.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { AgentMemoryStore } from './store.ts';

/** The Agents view's "Memory files" tab: tRPC `agentMemory.files` / `agentMemory.file`, admins only, read-only. */
describe(`agentMemory router (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let admin: PublicUser;
  let designer: PublicUser;
  const as = (user: PublicUser) => {
    const services = { config: testConfig({ DCF_DATA_DIR: dataDir }), db: async () => h.db };
    return callerFor(h.db, user, { services }).caller;
  };

  beforeAll(async () => {
    h = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcf-memrouter-'));
    const password = 'a long password 1';
    const a = await createUser(h.db, { email: 'admin@memory.test', displayName: 'Admin', role: 'admin', password });
    const designerUser = { email: 'designer@memory.test', displayName: 'D', role: 'workflow_designer' as const };
    const d = await createUser(h.db, { ...designerUser, password });
    if (!a.ok || !d.ok) throw new Error('users');
    [admin, designer] = [a.user, d.user];
    const store = new AgentMemoryStore(dataDir, testConfig().agentMemory);
    await store.write('agent-a', 'logs/2024-07-08.md', Buffer.from('# Monday\n- reviewed 3 calls\n'), null);
    await store.write('agent-a', 'beliefs', Buffer.from('risk: low\n'), null);
    await store.write('agent-a', 'blob.bin', Buffer.from([0xff, 0x00, 0xfe]), null);
  });
  afterAll(async () => {
    await h.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists an agent's files with size, time and type for an admin", async () => {
    const r = await as(admin).agentMemory.files({ agent_id: 'agent-a' });
    expect(r.exists).toBe(true);
    expect(r.files.map((f) => [f.path, f.size_bytes, f.file_type_hint])).toEqual([
      ['beliefs', 10, 'YAML'],
      ['blob.bin', 3, 'UNKNOWN'],
      ['logs/2024-07-08.md', 28, 'MARKDOWN'],
    ]);
    expect(r.used_bytes).toBe(41);
    expect(Date.parse(r.files[0]!.modified_at)).toBeGreaterThan(Date.now() - 600_000);
    expect(await as(admin).agentMemory.files({ agent_id: 'agent-none' })).toMatchObject({ exists: false, files: [], used_bytes: 0 });
  });

  it('reads one file as text, or base64 when it is not UTF-8', async () => {
    expect(await as(admin).agentMemory.file({ agent_id: 'agent-a', path: 'logs/2024-07-08.md' })).toMatchObject({
      text: '# Monday\n- reviewed 3 calls\n',
      content_base64: null,
      file_type_hint: 'MARKDOWN',
      size_bytes: 28,
    });
    expect(await as(admin).agentMemory.file({ agent_id: 'agent-a', path: 'blob.bin' })).toMatchObject({
      text: null,
      content_base64: '/wD+',
    });
  });

  it('refuses escapes, missing files and non-admins', async () => {
    const file = (p: string) => as(admin).agentMemory.file({ agent_id: 'agent-a', path: p });
    await expect(file('../agent-b/x.md')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(file('nope.md')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(as(admin).agentMemory.files({ agent_id: '..' })).resolves.toMatchObject({ exists: false });
    await expect(as(designer).agentMemory.files({ agent_id: 'agent-a' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
