import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../auth/users.ts';
import type { Db } from '../../db/client.ts';
import { testConfig } from '../../testing/test-config.ts';
import { qaRecordingRoutes } from './qa-recording.ts';

const ID = '139c3ee4-b5e9-4c5d-a57d-2bc7a2bcefac';
/** A database whose qa_results lookup answers `rows` (the route reads one column of one row). */
const dbAnswering = (rows: unknown[]) => ({ select: () => ({ from: () => ({ where: async () => rows }) }) }) as unknown as Db;

function routes(user: PublicUser | null, rows: unknown[] = []) {
  return qaRecordingRoutes({
    currentUser: async () => user,
    database: async () => ({ db: dbAnswering(rows) }),
    config: () => testConfig(),
  });
}
const get = (r: ReturnType<typeof routes>, id = ID) =>
  r.audio.GET(new Request(`http://x/api/qa/${id}/recording`), { params: Promise.resolve({ id }) });
const USER = { email: 'stakeholder@demo.dcf', role: 'stakeholder' } as unknown as PublicUser;

describe('the call recording route', () => {
  it('asks who is listening first, then for a QA result id', async () => {
    expect((await get(routes(null))).status).toBe(401);
    expect((await get(routes(USER), 'REC-88310')).status).toBe(400);
  });

  it('is 404 for no such result, and for a result that does not name its recording', async () => {
    expect((await get(routes(USER, []))).status).toBe(404);
    const old = await get(routes(USER, [{ transcript: { text: '', turns: [], language: 'en' } }]));
    expect(old.status).toBe(404);
    expect(await old.json()).toMatchObject({ error: 'not_found', message: /does not name the recording/ });
  });
});
