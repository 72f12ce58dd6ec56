'use client';
import Link from 'next/link';
import { editorHrefForSaved, stashDraft } from '@/components/workflows/open-in-editor';
import { compareHref, editorHref } from '@/components/workflows/editor-links';
import { editorHrefAgainst } from '@/components/editor/compare/compare-link';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { savedVersionHref, type WorkflowCard as Card } from './cards';
import { plural } from './format';
import { WorkflowChangesSection } from './workflow-changes-section';

const BOX = 'max-w-[85%] rounded-xl border bg-white p-4 text-sm shadow-xs';
const LINK = 'text-sm font-medium text-indigo-700 underline-offset-2 hover:underline';

/**
 * Where "Open in editor" goes: the saved version, or the unsaved document handed over; with the
 * parent to compare against when the save named one (the editor marks what changed and
 * validates the document as it validates every edit).
 */
function editorLink(card: Card): string {
  if (card.saved) {
    const source = { kind: 'saved' as const, ...card.saved };
    return card.parent ? editorHrefAgainst(source, card.parent) : editorHrefForSaved(card.saved);
  }
  return card.parent ? editorHrefAgainst({ kind: 'handover' }, card.parent) : editorHref({ kind: 'handover' });
}

function Verdict({ card, pending }: { card: Card; pending: boolean }) {
  if (card.validation) {
    const { valid, errors, warnings } = card.validation;
    return (
      <>
        <Badge tone={valid ? 'ok' : 'bad'}>{valid ? 'Valid' : `Invalid · ${plural(errors.length, 'error')}`}</Badge>
        {warnings.length > 0 && <Badge tone="warn">{plural(warnings.length, 'warning')}</Badge>}
      </>
    );
  }
  if (card.tool === 'validate_workflow' && pending) return <Badge tone="info">Validating…</Badge>;
  if (card.saved) return <Badge tone="ok">Saved</Badge>;
  if (card.saveError) return <Badge tone="bad">Not saved</Badge>;
  return null;
}

/**
 * A workflow the agent checked, saved or read: name, version, how many states, the verdict of
 * validate_workflow, and where to open it. A saved version opens on the Graph page (its lineage,
 * runs and diff); a draft can be copied as JSON into the Workflows page to check it there. A save
 * that named a parent (a change the agent proposes to a saved workflow) shows what changed
 * against it, and opens in the editor with that comparison.
 */
export function WorkflowCard({ card, pending }: { card: Card; pending: boolean }) {
  const w = card.workflow;
  const title = card.saved ? 'Saved workflow' : 'Workflow draft';
  const shownErrors = card.validation?.errors.slice(0, 3) ?? [];
  return (
    <section
      aria-label={`${title}: ${w.name ?? 'unnamed'}`}
      className={`${BOX} border-indigo-200`}
      data-testid="chat-workflow-card"
      data-saved={card.saved ? 'true' : 'false'}
      data-parent={card.parent ? `${card.parent.workflowId}@${card.parent.version}` : undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-indigo-700 uppercase">{title}</p>
          <p className="mt-0.5 font-semibold text-slate-900">
            {w.name ?? 'Unnamed workflow'} {w.version && <span className="font-normal text-slate-500">v{w.version}</span>}
          </p>
          {w.description && <p className="mt-0.5 text-xs text-slate-600">{w.description}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Verdict card={card} pending={pending} />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        {w.stateCount !== null && (
          <>
            <dt className="text-slate-500">States</dt>
            <dd className="text-slate-800">
              {w.stateCount}
              {w.startAt && <span className="text-slate-500"> · starts at {w.startAt}</span>}
            </dd>
          </>
        )}
        {w.workflowId && (
          <>
            <dt className="text-slate-500">Workflow id</dt>
            <dd className="font-mono break-all text-slate-800">{w.workflowId}</dd>
          </>
        )}
      </dl>
      {shownErrors.length > 0 && (
        <ul className="mt-3 space-y-1 text-xs text-red-800" aria-label="Validation errors">
          {shownErrors.map((e, i) => (
            <li key={i}>
              <span className="font-mono text-red-600">{e.path || '/'}</span> {e.message}
            </li>
          ))}
          {card.validation!.errors.length > shownErrors.length && (
            <li className="text-red-600">… and {card.validation!.errors.length - shownErrors.length} more (see the tool result).</li>
          )}
        </ul>
      )}
      {card.saveError && <p className="mt-3 text-xs text-red-800">save_workflow refused it: {card.saveError}</p>}
      {card.parent && <WorkflowChangesSection card={card} parent={card.parent} />}
      <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
        {card.saved ? (
          <>
            <Link href={editorLink(card)} className={LINK} data-testid="chat-open-in-editor">
              Open in editor
            </Link>
            {card.parent && (
              <Link href={compareHref(card.parent, card.saved)} className={LINK} data-testid="chat-compare-versions">
                Side by side
              </Link>
            )}
            <Link href={savedVersionHref(card.saved)} className={LINK}>
              Open v{card.saved.version} in the Graph
            </Link>
          </>
        ) : (
          <>
            {card.document && (
              <Link
                href={editorLink(card)}
                className={LINK}
                data-testid="chat-open-in-editor"
                onClick={() => stashDraft(card.document, `the chat's draft of ${w.name ?? 'a workflow'}`)}
              >
                Open in editor
              </Link>
            )}
            <span className="text-xs text-slate-500">Not saved to the workflow catalog yet.</span>
          </>
        )}
        {card.document && (
          <CopyButton text={JSON.stringify(card.document, null, 2)} label={`Copy the JSON of ${w.name ?? 'the workflow'}`} />
        )}
      </div>
    </section>
  );
}
