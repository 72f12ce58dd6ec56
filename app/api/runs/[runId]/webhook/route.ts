import { NextResponse } from 'next/server';
import { executionRuntime } from '@/server/app/services';
import { recordWebhook } from '@/server/execution/webhook';

/**
 * A run's control-plane webhook (server/execution/webhook.ts): asynchronous skills call it when
 * a job finishes; the call is recorded as a `webhook` event of the run. Unauthenticated by
 * design (skills are not console users): it can only append an event to an existing run.
 */
export async function POST(request: Request, ctx: { params: Promise<{ runId: string }> }): Promise<Response> {
  const { runId } = await ctx.params;
  if (!/^[0-9a-f-]{36}$/i.test(runId)) return NextResponse.json({ status: 'error', error: 'not a run id', error_code: 'invalid_input' }, { status: 400 });
  const runtime = executionRuntime();
  if (!runtime) return NextResponse.json({ status: 'error', error: 'workflow execution needs Redis', error_code: 'unavailable' }, { status: 503 });
  const body: unknown = await request.json().catch(() => null);
  const ok = await recordWebhook((await runtime).x, runId, body);
  return ok
    ? NextResponse.json({ status: 'ok', error: null })
    : NextResponse.json({ status: 'error', error: `no run ${runId}`, error_code: 'not_found' }, { status: 404 });
}
