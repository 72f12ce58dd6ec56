'use client';
import { Button, FIELD } from '@/components/ui/button';
import { isObject } from '@/server/engine/json';
import { FieldGroup, FindingList } from './field';
import { useInspector } from './inspector-context';
import { AddButton } from './list-controls';
import { asList, removeItem, replaceItem, withMember } from './list-edit';
import { findingsUnder } from './state-findings';
import { setWorkflowField } from './workflow-fields';

/**
 * The workflow's `skill_imports`: the skill manifests it loads (file:// URIs into the skill
 * catalog). Binding a skill in a Task's picker adds its manifest here; this list edits, adds and
 * removes imports by hand.
 */
export function SkillImportsEditor() {
  const { doc, edit, readOnly, findings } = useInspector();
  const list = asList(doc.skill_imports);
  const write = (next: readonly unknown[], typing?: string) =>
    edit(setWorkflowField(doc, '/skill_imports', next.length ? next : undefined), typing ? { coalesce: `workflow#${typing}` } : undefined);
  return (
    <FieldGroup
      at="/skill_imports"
      legend="Skill imports"
      help="Skill manifests the workflow loads; every bound skill must be imported."
      except={list.map((_, i) => String(i))}
    >
      <ul className="space-y-1">
        {list.map((entry, i) => {
          const item = isObject(entry) ? entry : {};
          const uri = typeof item.uri === 'string' ? item.uri : '';
          const mine = findingsUnder(findings, `/skill_imports/${i}`);
          return (
            <li key={i} className="space-y-0.5" data-pointer={`/skill_imports/${i}/uri`} data-testid="skill-import">
              <div className="flex gap-1">
                <input
                  type="text"
                  aria-label={`Skill import ${i + 1} URI`}
                  className={`${FIELD} min-w-0 flex-1 font-mono text-xs`}
                  value={uri}
                  disabled={readOnly}
                  onChange={(e) => write(replaceItem(list, i, withMember(item, 'uri', e.target.value)), `skill_imports/${i}`)}
                />
                {!readOnly && (
                  <Button
                    variant="ghost"
                    className="!px-1.5 !py-0.5 text-xs text-red-700"
                    aria-label={`Remove skill import ${uri || i + 1}`}
                    onClick={() => write(removeItem(list, i))}
                  >
                    ✕
                  </Button>
                )}
              </div>
              {mine.length > 0 && <FindingList findings={mine} />}
            </li>
          );
        })}
        {list.length === 0 && <li className="text-xs text-slate-500">No skill imported.</li>}
      </ul>
      <AddButton onClick={() => write([...list, { uri: 'file://skills/' }])}>Add import</AddButton>
    </FieldGroup>
  );
}
