import { errorMessage } from '@/components/ui/error-message';
import { runtimeText } from './format';
import type { Runtime } from './types';

/** Says plainly which agent platform and brain answer in this console (or that none is configured). */
export function RuntimeBanner({ runtime, error, loading }: { runtime: Runtime | undefined; error: unknown; loading: boolean }) {
  const base = 'mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border px-4 py-2 text-sm';
  if (error) {
    return (
      <p role="alert" data-testid="chat-runtime" data-kind="none" className={`${base} border-red-200 bg-red-50 text-red-800`}>
        <span className="font-medium">No agent platform:</span> {errorMessage(error)}
      </p>
    );
  }
  return (
    <p
      role="note"
      data-testid="chat-runtime"
      data-kind={runtime?.kind ?? 'loading'}
      className={`${base} border-slate-200 bg-white text-slate-700`}
    >
      <span className="text-xs font-medium tracking-wide text-slate-500 uppercase">Answered by</span>
      <span className="font-medium text-slate-900">{loading || !runtime ? 'Checking the agent platform…' : runtimeText(runtime)}</span>
    </p>
  );
}
