'use client';
import { isObject } from '@/server/engine/json';
import { CheckField, SelectField, TextField } from './controls';
import { FieldGroup } from './field';
import { withMember } from './list-edit';
import { setBindingField } from './skill-binding';
import { SkillPicker } from './skill-picker';
import { useStateEditor } from './use-state-editor';

type Obj = Record<string, unknown>;
const objectAt = (v: unknown): Obj => (isObject(v) ? v : {});

/**
 * A Task's AgentBinding (the Letta-ASL extension): the worker template, an optional existing
 * agent, the bound skills (the picker), an optional direct tool, and the worker's lifecycle.
 */
export function AgentBindingFields() {
  const s = useStateEditor();
  const binding = objectAt(s.state.AgentBinding);
  const at = (...path: string[]) => s.at('AgentBinding', ...path);
  const set = (field: string, v: unknown, typing?: string) => s.apply(setBindingField(s.doc, s.pointer, field, v), typing);
  const member = (field: string, obj: Obj, key: string, v: unknown) => {
    const next = withMember(obj, key, v);
    set(field, Object.keys(next).length ? next : undefined, `AgentBinding/${field}/${key}`);
  };
  const template = objectAt(binding.agent_template_ref);
  const agent = binding.agent_ref === undefined ? null : objectAt(binding.agent_ref);
  const lifecycle = objectAt(binding.lifecycle);
  const skills = Array.isArray(binding.skills) ? binding.skills.filter((x): x is string => typeof x === 'string') : [];
  return (
    <>
      <FieldGroup
        at={at('agent_template_ref')}
        legend="Worker template (agent_template_ref)"
        help="The .af agent template each run spawns a worker from."
        except={['name', 'version']}
      >
        <div className="grid grid-cols-[1fr_6rem] gap-2">
          <TextField
            at={at('agent_template_ref', 'name')}
            label="Name"
            mono
            value={template.name}
            onChange={(v) => member('agent_template_ref', template, 'name', v)}
          />
          <TextField
            at={at('agent_template_ref', 'version')}
            label="Version"
            mono
            placeholder="1.0.0"
            value={template.version}
            onChange={(v) => member('agent_template_ref', template, 'version', v)}
          />
        </div>
      </FieldGroup>
      <SkillPicker skills={skills} />
      <TextField
        at={at('tool_name')}
        label="Tool name"
        mono
        help="Optional: call this tool directly (usually the bound skills provide the tools)."
        value={binding.tool_name}
        onChange={(v) => set('tool_name', v, 'AgentBinding/tool_name')}
      />
      <CheckField
        at={at('agent_ref')}
        label="Use an existing agent (agent_ref) instead of spawning a worker"
        checked={agent !== null}
        onChange={(on) => set('agent_ref', on ? {} : undefined)}
      />
      {agent && (
        <div className="grid grid-cols-3 gap-2">
          {(['id', 'name', 'version'] as const).map((k) => (
            <TextField
              key={k}
              at={at('agent_ref', k)}
              label={`Agent ${k}`}
              mono
              value={agent[k]}
              onChange={(v) => set('agent_ref', withMember(agent, k, v), `AgentBinding/agent_ref/${k}`)}
            />
          ))}
        </div>
      )}
      <FieldGroup
        at={at('lifecycle')}
        legend="Lifecycle"
        help="Ephemeral workers (the default) are made for the state and destroyed after it."
        except={['mode', 'destroy_on_end', 'reuse_key']}
      >
        <div className="grid grid-cols-2 gap-2">
          <SelectField
            at={at('lifecycle', 'mode')}
            label="Mode"
            value={typeof lifecycle.mode === 'string' ? lifecycle.mode : ''}
            options={[
              { value: '', label: 'Default (ephemeral)' },
              { value: 'ephemeral', label: 'ephemeral' },
              { value: 'pooled', label: 'pooled' },
              { value: 'existing', label: 'existing' },
            ]}
            onChange={(v) => member('lifecycle', lifecycle, 'mode', v === '' ? undefined : v)}
          />
          <SelectField
            at={at('lifecycle', 'destroy_on_end')}
            label="Destroy on end"
            value={typeof lifecycle.destroy_on_end === 'boolean' ? String(lifecycle.destroy_on_end) : ''}
            options={[
              { value: '', label: 'Default (yes)' },
              { value: 'true', label: 'yes' },
              { value: 'false', label: 'no' },
            ]}
            onChange={(v) => member('lifecycle', lifecycle, 'destroy_on_end', v === '' ? undefined : v === 'true')}
          />
        </div>
        <TextField
          at={at('lifecycle', 'reuse_key')}
          label="Reuse key"
          mono
          help="For pooled and existing workers."
          value={lifecycle.reuse_key ?? undefined}
          onChange={(v) => member('lifecycle', lifecycle, 'reuse_key', v)}
        />
      </FieldGroup>
    </>
  );
}
