'use client';
import { useEffect, useRef, useState } from 'react';
import { FIELD, Button } from '@/components/ui/button';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { AGENT_ROLES, AGENT_ROLE_LABELS, type AgentRole } from '@/lib/agent-roles';
import type { RoleCounts } from '@/lib/agent-search';
import type { AgentListSearch } from './list-url';

type Props = {
  search: AgentListSearch;
  /** Per role, the agents the typed search finds (absent while the first page loads). */
  counts: RoleCounts | undefined;
  onChange(patch: Partial<AgentListSearch>): void;
};

const optionText = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);

/**
 * The search box (searches as you type, after a pause; Enter searches at once; "/" anywhere on
 * the page puts the cursor here) and the role filter with how many agents each role has.
 */
export function AgentSearchBar({ search, counts, onChange }: Props) {
  const [text, setText] = useState(search.query);
  const [seen, setSeen] = useState(search.query);
  if (seen !== search.query) {
    setSeen(search.query);
    setText(search.query);
  }
  const settled = useDebouncedValue(text, 300);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (settled !== search.query) onChange({ query: settled });
    // Only a settled change of the text searches; a change of the address resets `text` above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
      if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <form
      role="search"
      aria-label="Find agents"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ query: text });
      }}
    >
      <label className="grid min-w-[18rem] flex-1 gap-1 text-sm">
        <span className="font-medium">Search</span>
        <input
          ref={input}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Name, id, session:…, run:…, conversation title or owner"
          aria-describedby="agent-search-help"
          className={`${FIELD} font-mono`}
          spellCheck={false}
        />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Role</span>
        <select
          value={search.role ?? ''}
          onChange={(e) => onChange({ role: (e.target.value || null) as AgentRole | 'other' | null })}
          className={FIELD}
        >
          <option value="">{optionText('All roles', counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined)}</option>
          {AGENT_ROLES.map((r) => (
            <option key={r} value={r}>
              {optionText(AGENT_ROLE_LABELS[r], counts?.[r])}
            </option>
          ))}
          <option value="other">{optionText('Other', counts?.other)}</option>
        </select>
      </label>
      {(search.query || search.role) && (
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            onChange({ query: '', role: null });
          }}
        >
          Clear
        </Button>
      )}
      <p id="agent-search-help" className="basis-full text-xs text-slate-500">
        Words match anywhere (name, id, template, role, tags, conversation title, owner); <code className="font-mono">key:value</code> words
        match a tag or its start, e.g. <code className="font-mono">session:6f1c</code>; quote a phrase. Press{' '}
        <kbd className="rounded border border-slate-300 px-1 font-mono">/</kbd> to search.
      </p>
    </form>
  );
}
