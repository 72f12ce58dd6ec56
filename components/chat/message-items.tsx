import { ukDateTime, ukExact } from '@/lib/uk-time';
import type { DispatchedTaskView } from './dispatched-task';
import { MarkdownView } from './markdown-view';

const timeTitle = (at?: string) => (at ? ukExact(at) : undefined);

/**
 * What the user wrote (kept as typed: no Markdown). `pending` until the server took it.
 * `speaker` names the writer for screen readers (default "You"; the Agents view names the user).
 */
export function UserMessage({
  content,
  at,
  pending,
  speaker = 'You',
}: {
  content: string;
  at?: string;
  pending?: boolean;
  speaker?: string;
}) {
  return (
    <div className="flex justify-end" data-testid="chat-message" data-role="user">
      <div
        className={
          'max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-600 px-4 py-2.5 text-sm whitespace-pre-wrap ' +
          `break-words text-white ${pending ? 'opacity-70' : ''}`
        }
        title={timeTitle(at)}
      >
        <span className="sr-only">{speaker}: </span>
        {content}
      </div>
    </div>
  );
}

/** A task dispatched to the agent (a scheduled run, or another agent's task), said in words. */
export function DispatchedTaskMessage({ task, at }: { task: DispatchedTaskView; at?: string }) {
  return (
    <div className="flex justify-end" data-testid="chat-message" data-role="dispatched-task">
      <div
        className="max-w-[85%] rounded-2xl rounded-br-sm border border-indigo-200 bg-indigo-50 px-4 py-2.5 text-sm text-indigo-950"
        title={timeTitle(at)}
      >
        <p className="text-xs font-medium text-indigo-700">
          {task.job
            ? `Scheduled run · ${task.job.name} · ${ukDateTime(task.job.firedAt || at)}`
            : `Task ${task.taskType} from ${task.dispatchedBy}`}
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words">{task.request ?? task.taskType}</p>
      </div>
    </div>
  );
}

/** The agent's reply, as Markdown. */
export function AssistantMessage({ content, at, agentLabel }: { content: string; at?: string; agentLabel: string }) {
  return (
    <div className="flex justify-start" data-testid="chat-message" data-role="assistant">
      <div
        className="max-w-[85%] rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-2.5 text-sm leading-6 text-slate-800 shadow-xs"
        title={timeTitle(at)}
      >
        <span className="sr-only">{agentLabel}: </span>
        <MarkdownView text={content} />
      </div>
    </div>
  );
}

/** A message another agent sent to this one (delegated mode: a Companion reporting back). */
export function AgentMessage({ content, sender, at }: { content: string; sender: string; at?: string }) {
  return (
    <div className="flex justify-start" data-testid="chat-message" data-role="agent">
      <div
        className="max-w-[85%] rounded-2xl rounded-bl-sm border border-sky-200 bg-sky-50 px-4 py-2.5 text-sm text-slate-800"
        title={timeTitle(at)}
      >
        <p className="mb-1 text-xs font-medium text-sky-800">
          From agent <span className="font-mono">{sender}</span>
        </p>
        <MarkdownView text={content} />
      </div>
    </div>
  );
}

/** A system message in the agent's history (e.g. a host notice). */
export function SystemMessage({ content }: { content: string }) {
  return (
    <div
      className="mx-auto max-w-[85%] rounded-md bg-slate-100 px-3 py-1.5 text-xs whitespace-pre-wrap break-words text-slate-600"
      data-testid="chat-message"
      data-role="system"
    >
      <span className="font-medium">System: </span>
      {content}
    </div>
  );
}

/** The agent's reasoning for a step, folded away by default. */
export function ReasoningCard({ reasoning }: { reasoning: string }) {
  const preview = reasoning.replace(/\s+/g, ' ').trim();
  return (
    <details className="group max-w-[85%] rounded-lg border border-slate-200 bg-slate-50 text-sm" data-testid="chat-reasoning">
      <summary
        className={
          'flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-1.5 text-slate-600 hover:bg-slate-100 ' +
          'focus-visible:outline-2 focus-visible:outline-indigo-500 [&::-webkit-details-marker]:hidden'
        }
      >
        <span aria-hidden className="text-[10px] transition-transform group-open:rotate-90">
          ▶
        </span>
        <span className="font-medium">Reasoning</span>
        <span className="truncate text-xs text-slate-500 group-open:hidden">
          {preview.length > 90 ? `${preview.slice(0, 90)}…` : preview}
        </span>
      </summary>
      <p className="border-t border-slate-200 px-3 py-2 text-slate-700 whitespace-pre-wrap break-words">{reasoning}</p>
    </details>
  );
}

/** A step that failed on the platform side (e.g. the model endpoint refused). */
export function ErrorCard({ errorType, message, detail }: { errorType: string; message: string; detail?: string }) {
  return (
    <div className="max-w-[85%] rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="chat-error">
      <p className="font-medium">
        The agent could not go on <span className="font-mono text-xs font-normal">({errorType})</span>
      </p>
      <p className="mt-1 break-words">{message}</p>
      {detail && (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs font-medium">Details</summary>
          <pre className="mt-1 max-h-48 overflow-auto text-xs whitespace-pre-wrap">{detail}</pre>
        </details>
      )}
    </div>
  );
}
