'use client';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isJsonDocument } from '@/lib/block-rules';
import { AgentLink } from './agent-link';
import { BlockEditor } from './block-editor';
import { BlockHistory } from './block-history';
import { BlockValue } from './block-value';
import { CharMeter } from './char-meter';
import type { AgentBlock, AgentDetail } from './types';

/**
 * One core-memory block: label, description, how much of its limit it uses, whether agents may
 * change it and who else holds it, its value, an editor for the value and its history.
 */
export function BlockCard({ agent, block }: { agent: Pick<AgentDetail, 'id' | 'session'>; block: AgentBlock }) {
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = `block-${block.id}-label`;
  const editButtonId = `block-${block.id}-edit`;
  // When the editor closes, focus goes back to the button that opened it (after it is drawn again).
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) document.getElementById(editButtonId)?.focus();
    wasEditing.current = editing;
  }, [editing, editButtonId]);
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="memory-block"
      data-label={block.label}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={headingId} className="flex flex-wrap items-center gap-1.5 font-mono text-sm font-semibold text-slate-900">
            {block.label}
            {block.read_only && (
              <Badge tone="warn" title="Agents cannot change it; the console’s tools and admins can">
                read-only for agents
              </Badge>
            )}
            {block.shared_with.length > 0 && <Badge tone="info">shared with {block.shared_with.length}</Badge>}
            {isJsonDocument(block.value) && <Badge>JSON</Badge>}
            {block.revision > 0 && <Badge title="The latest revision the host recorded">revision {block.revision}</Badge>}
          </h3>
          {block.description && <p className="text-xs text-slate-600">{block.description}</p>}
        </div>
        {!editing && (
          <Button
            id={editButtonId}
            className="shrink-0"
            onClick={() => {
              setNotice(null);
              setEditing(true);
            }}
            aria-label={`Edit the value of ${block.label}`}
          >
            Edit value
          </Button>
        )}
      </header>
      <CharMeter chars={block.chars} limit={block.limit} />
      {block.shared_with.length > 0 && (
        <p className="text-xs text-slate-600">
          Also in the core memory of{' '}
          {block.shared_with.map((a, i) => (
            <span key={a.id}>
              {i > 0 && ', '}
              <AgentLink agent={a} />
            </span>
          ))}
          .
        </p>
      )}
      {editing ? (
        <BlockEditor
          agent={agent}
          block={block}
          onClose={(saved) => {
            setEditing(false);
            if (saved) setNotice(saved.changed ? `Saved as revision ${saved.revision}.` : 'Nothing to save: the value was already this.');
          }}
        />
      ) : (
        <BlockValue label={block.label} value={block.value} />
      )}
      <p aria-live="polite" className="text-xs font-medium text-emerald-700" data-testid="block-notice">
        {notice}
      </p>
      <BlockHistory block={block} />
    </article>
  );
}
