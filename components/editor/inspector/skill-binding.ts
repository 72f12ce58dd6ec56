import { isObject } from '@/server/engine/json';
import { stateAt } from '../model/lookup';
import { setStateField } from '../model/set-state-field';
import { indexStates } from '../model/state-index';
import { refuse, type EditResult, type JsonObject, type WorkflowDoc } from '../model/types';

/**
 * A Task's AgentBinding as the inspector edits it, and the document's `skill_imports` that must
 * hold the manifest of every bound skill (the validator resolves bound skills through them).
 */

/**
 * The `skill_imports` entry URI of a catalog skill: `file://<catalog directory>/<manifest file>`,
 * as the example workflows write it (`file://skills/whisper-transcribe.json`). Null when the
 * catalog lies outside the workspace (an absolute directory): no relative import can name it.
 */
export function importUriOf(directory: string, file: string): string | null {
  const dir = directory.replace(/\/+$/, '');
  if (dir.startsWith('/') || /^[A-Za-z]:[\\/]/.test(dir)) return null;
  return `file://${dir === '' || dir === '.' ? '' : `${dir}/`}${file}`;
}

/** An import URI compared loosely: without `file://` and a leading `./`. */
const sameImport = (a: string, b: string) => bare(a) === bare(b);
const bare = (uri: string) => uri.replace(/^file:\/\//, '').replace(/^\.\//, '');

/** The document with `{uri}` appended to `skill_imports`, unless an entry already names that file. */
export function withSkillImport(doc: WorkflowDoc, uri: string): WorkflowDoc {
  const imports = Array.isArray(doc.skill_imports) ? doc.skill_imports : [];
  if (imports.some((entry) => isObject(entry) && typeof entry.uri === 'string' && sameImport(entry.uri, uri))) return doc;
  return { ...doc, skill_imports: [...imports, { uri }] };
}

/**
 * Replaces the AgentBinding of the Task at `pointer` by `change(binding)` (an empty object when
 * the state has none or a broken one). Refuses a state that is not a Task.
 */
export function updateBinding(doc: WorkflowDoc, pointer: string, change: (binding: JsonObject) => JsonObject): EditResult {
  const found = stateAt(indexStates(doc), pointer);
  if (!found.ok) return found;
  if (found.state.Type !== 'Task') return refuse('not_allowed', 'Only a Task state has an AgentBinding.');
  const binding = isObject(found.state.AgentBinding) ? found.state.AgentBinding : {};
  return setStateField(doc, pointer, 'AgentBinding', change(binding));
}

/** Sets (or, with `undefined`, removes) one member of the AgentBinding. */
export function setBindingField(doc: WorkflowDoc, pointer: string, field: string, value: unknown): EditResult {
  return updateBinding(doc, pointer, (binding) => {
    const out = { ...binding };
    if (value === undefined) delete out[field];
    else out[field] = value;
    return out;
  });
}

const skillsOf = (binding: JsonObject) => (Array.isArray(binding.skills) ? binding.skills : []);

/**
 * Binds the skill `skill` (a skill:// URI) to the Task at `pointer` — in place of `replacing` when
 * given (an alternative swapped in) — and imports its manifest (`importUri`) when no entry of
 * `skill_imports` names it yet. A skill already bound is refused.
 */
export function bindSkill(doc: WorkflowDoc, pointer: string, skill: string, importUri: string | null, replacing?: string): EditResult {
  const found = stateAt(indexStates(doc), pointer);
  if (found.ok && isObject(found.state.AgentBinding) && skillsOf(found.state.AgentBinding).includes(skill)) {
    return refuse('invalid_value', `${skill} is already bound to this state.`);
  }
  const bound = updateBinding(doc, pointer, (binding) => {
    const skills = skillsOf(binding);
    const at = replacing === undefined ? -1 : skills.indexOf(replacing);
    return { ...binding, skills: at < 0 ? [...skills, skill] : skills.map((s, i) => (i === at ? skill : s)) };
  });
  if (!bound.ok || importUri === null) return bound;
  return { ok: true, doc: withSkillImport(bound.doc, importUri) };
}

/** Unbinds `skill` from the Task at `pointer`; its import stays (other states may bind it). */
export function unbindSkill(doc: WorkflowDoc, pointer: string, skill: string): EditResult {
  return updateBinding(doc, pointer, (binding) => ({ ...binding, skills: skillsOf(binding).filter((s) => s !== skill) }));
}
