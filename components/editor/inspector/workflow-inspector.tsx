'use client';
import { isObject } from '@/server/engine/json';
import { ChipsInput } from './chips-input';
import { NumberField, TextField } from './controls';
import { FieldGroup, FindingList } from './field';
import { useInspector } from './inspector-context';
import { JsonField } from './json-field';
import { Section } from './section';
import { SkillImportsEditor } from './skill-imports-editor';
import { setWorkflowField } from './workflow-fields';

/**
 * The workflow's own fields, shown when no state is selected: name, description, version,
 * author, tags, the input schema (the run form is generated from it), skill imports, and the
 * state machine's Comment and TimeoutSeconds.
 */
export function WorkflowInspector() {
  const { doc, edit, findings } = useInspector();
  const set = (pointer: string, value: unknown, typing = true) =>
    edit(setWorkflowField(doc, pointer, value), typing ? { coalesce: `workflow#${pointer}` } : undefined);
  const asl = isObject(doc.asl) ? doc.asl : {};
  const tags = Array.isArray(doc.tags) ? doc.tags.filter((t): t is string => typeof t === 'string') : [];
  const shownElsewhere = [
    '/workflow_name',
    '/description',
    '/version',
    '/author',
    '/tags',
    '/workflow_input_schema',
    '/skill_imports',
    '/asl/Comment',
    '/asl/TimeoutSeconds',
  ];
  const rest = findings.filter((f) => !shownElsewhere.some((p) => f.path === p || f.path.startsWith(`${p}/`)));
  return (
    <div data-testid="workflow-inspector">
      <div className="space-y-1 border-b border-slate-200 px-3 py-2">
        <p className="text-sm font-semibold text-slate-900">Workflow</p>
        <p className="text-xs text-slate-500">
          Select a state on the canvas — click it, or Tab to it and press Enter — to edit its fields. With nothing selected, these are the
          workflow&apos;s own fields.
        </p>
        {typeof doc.workflow_id === 'string' && <p className="font-mono text-[11px] text-slate-500">id {doc.workflow_id}</p>}
        {rest.length > 0 && <FindingList findings={rest} />}
      </div>
      <Section title="Workflow">
        <TextField at="/workflow_name" label="Name" value={doc.workflow_name} keepEmpty onChange={(v) => set('/workflow_name', v)} />
        <TextField at="/description" label="Description" multiline value={doc.description} onChange={(v) => set('/description', v)} />
        <div className="grid grid-cols-2 gap-2">
          <TextField
            at="/version"
            label="Version"
            mono
            help="Semantic version, e.g. 1.0.0."
            value={doc.version}
            keepEmpty
            onChange={(v) => set('/version', v)}
          />
          <TextField at="/author" label="Author" value={doc.author} onChange={(v) => set('/author', v)} />
        </div>
        <FieldGroup at="/tags" legend="Tags">
          <ChipsInput values={tags} label="Tags" placeholder="tag" onChange={(v) => set('/tags', v.length ? v : undefined, false)} />
        </FieldGroup>
      </Section>
      <Section title="Input">
        <JsonField
          at="/workflow_input_schema"
          label="Input schema (workflow_input_schema)"
          help="A JSON Schema object for the run's input; the run form and path completion are built from it. Empty: no schema."
          expect="object"
          emptyRemoves
          rows={6}
          value={doc.workflow_input_schema}
          onChange={(v) => set('/workflow_input_schema', v)}
        />
      </Section>
      <Section title="Skills">
        <SkillImportsEditor />
      </Section>
      <Section title="State machine">
        <TextField at="/asl/Comment" label="Comment" multiline value={asl.Comment} onChange={(v) => set('/asl/Comment', v)} />
        <NumberField
          at="/asl/TimeoutSeconds"
          label="Timeout (s)"
          help="The whole run fails with States.Timeout after this many seconds. Empty: no limit."
          integer
          min={1}
          value={asl.TimeoutSeconds}
          onChange={(v) => set('/asl/TimeoutSeconds', v)}
        />
      </Section>
    </div>
  );
}
