'use client';
import type { ReactNode } from 'react';
import { allows, isStateType, STATE_TYPES, type StateType } from '@/server/engine/asl/state-fields';
import { Badge } from '@/components/ui/badge';
import { changeStateType } from '../model/change-state-type';
import { AgentBindingFields } from './agent-binding-fields';
import { CatchList } from './catch-list';
import { ChoiceFields } from './choice-fields';
import { CommonFields } from './common-fields';
import { SelectField } from './controls';
import { FailFields } from './fail-fields';
import { FindingList } from './field';
import { useInspector } from './inspector-context';
import { FilterPathField, PayloadField, StateResultPath } from './io-fields';
import { MapFields } from './map-fields';
import { OtherFields } from './other-fields';
import { ParallelFields } from './parallel-fields';
import { PassFields } from './pass-fields';
import { RetryList } from './retry-list';
import { scopeOf } from './scope-of';
import { Section } from './section';
import { TaskFields } from './task-fields';
import { TestStateButton } from './test-state-panel';
import { useStateEditor } from './use-state-editor';
import { WaitFields } from './wait-fields';

/** The forms of the selected state, by its type: every field the type allows (ALLOWED_FIELDS). */
export function StateInspector() {
  const { doc, pointer, findings } = useInspector();
  const s = useStateEditor();
  const scope = scopeOf(doc, s.pointer);
  if (!scope) return <p className="p-3 text-sm text-slate-600">No state at {pointer}.</p>;
  const type = s.state.Type;
  const own = findings.filter((f) => f.path === s.pointer);
  return (
    <div data-testid="state-inspector" data-state={scope.name}>
      <header className="space-y-1 border-b border-slate-200 px-3 py-2">
        <p className="flex items-center gap-2">
          <span className="truncate text-sm font-semibold text-slate-900">{scope.name}</span>
          <Badge tone={isStateType(type) ? 'neutral' : 'bad'}>{typeof type === 'string' ? type : 'no type'}</Badge>
          {scope.isStart && <Badge tone="info">start</Badge>}
          {isStateType(type) && (
            <span className="ml-auto shrink-0">
              <TestStateButton name={scope.name} />
            </span>
          )}
        </p>
        {own.length > 0 && <FindingList findings={own} />}
      </header>
      {isStateType(type) ? <TypedForms type={type} scope={scope} /> : <UntypedState />}
    </div>
  );
}

type Scope = NonNullable<ReturnType<typeof scopeOf>>;

/** The sections only some types have, in the order they show under "State". */
const TYPE_SECTIONS: Record<StateType, ReadonlyArray<{ title: string; testId?: string; body(scope: Scope): ReactNode }>> = {
  Task: [
    { title: 'Agent binding', testId: 'agent-binding', body: () => <AgentBindingFields /> },
    { title: 'Timeouts and resource', body: () => <TaskFields /> },
  ],
  Choice: [{ title: 'Choice rules', testId: 'choice-rules', body: (scope) => <ChoiceFields scope={scope} /> }],
  Wait: [{ title: 'Wait', body: () => <WaitFields /> }],
  Pass: [{ title: 'Result', body: () => <PassFields /> }],
  Fail: [{ title: 'Error and cause', body: () => <FailFields /> }],
  Map: [{ title: 'Items', body: () => <MapFields /> }],
  Parallel: [{ title: 'Branches', body: () => <ParallelFields /> }],
  Succeed: [],
};

function TypedForms({ type, scope }: { type: StateType; scope: Scope }) {
  const has = (field: string) => allows(type, field);
  return (
    <>
      <Section title="State">
        <CommonFields type={type} scope={scope} />
      </Section>
      {TYPE_SECTIONS[type].map((section) => (
        <Section key={section.title} title={section.title} testId={section.testId}>
          {section.body(scope)}
        </Section>
      ))}
      {has('InputPath') && (
        <Section title="Data flow" testId="data-flow">
          <FilterPathField field="InputPath" />
          {has('Parameters') && type !== 'Map' && <PayloadField field="Parameters" />}
          {has('ResultSelector') && <PayloadField field="ResultSelector" />}
          {has('ResultPath') && <StateResultPath />}
          <FilterPathField field="OutputPath" />
        </Section>
      )}
      {has('Retry') && (
        <Section title="Errors: Retry and Catch">
          <RetryList />
          <CatchList targets={scope.targets} />
        </Section>
      )}
      <Section title="Other fields (JSON)">
        <OtherFields type={type} />
      </Section>
    </>
  );
}

/** A state without a readable Type: choose one (the JSON view shows the rest). */
function UntypedState() {
  const s = useStateEditor();
  return (
    <div className="space-y-2 p-3">
      <p className="text-sm text-slate-600">This state has no valid Type. Choose one to edit its fields here.</p>
      <SelectField
        at={s.at('Type')}
        label="Type"
        value=""
        options={STATE_TYPES.map((t) => ({ value: t, label: t }))}
        onChange={(t) => s.apply(changeStateType(s.doc, s.pointer, t as StateType))}
      />
    </div>
  );
}
