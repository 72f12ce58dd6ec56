'use client';
import { useMemo, useState } from 'react';
import { isUuid } from '@/lib/uuid';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/components/ui/error-message';
import { JsonBlock } from '@/components/ui/json-block';
import { WorkflowGraphView } from '@/components/editor/graph-view';
import { indexStates } from '@/components/editor/model/state-index';
import { toFlowGraph } from '@/components/editor/model/to-flow-graph';
import { isFinalRunStatus } from '@/components/chat/run-view';
import { TabList } from '@/components/ui/tab-list';
import { RunPlans } from '@/components/planning/run-plans';
import { RunEventList } from './run-event-list';
import { RunHeader } from './run-header';
import { RunTimeline } from './run-timeline';
import { runOverlays } from './run-overlays';
import { StatePanel } from './state-panel';
import { takenEdges } from './taken-edges';
import { baseName, inChosenIterations } from './instance-scope';
import type { IterationChoice } from './types';
import { useRunDetail } from './use-run-detail';

type Tab = 'graph' | 'timeline' | 'plans' | 'io' | 'events';
const TABS: ReadonlyArray<{ id: Tab; label: string }> = [
  { id: 'graph', label: 'Graph' },
  { id: 'timeline', label: 'Timeline' },
  { id: 'plans', label: 'Plans' },
  { id: 'io', label: 'Input & output' },
  { id: 'events', label: 'Events' },
];

/**
 * The live run view: the workflow's graph with each state coloured by its status (updated as the
 * run's events arrive), the clicked state's details, a Gantt timeline, the run's input and
 * output, and its event log; actions by role.
 */
export function RunDetailPage({ runId, canRun }: { runId: string; canRun: boolean }) {
  const { data, failure, query, live } = useRunDetail(runId);
  const [tab, setTab] = useState<Tab>('graph');
  const [selected, setSelected] = useState<string | null>(null);
  const [chosen, setChosen] = useState<IterationChoice>({});
  const instances = useMemo(() => Object.values(data?.instances ?? {}), [data?.instances]);
  const doc = data?.workflow ?? null;
  const overlays = useMemo(
    () => (doc && data?.instances ? runOverlays(doc, data.instances, chosen) : new Map()),
    [doc, data?.instances, chosen],
  );
  const taken = useMemo(() => {
    if (!doc) return new Set<string>();
    const pointerOf = new Map(indexStates(doc).tree.states.map((s) => [s.name, s.pointer]));
    const entered = new Set(
      instances
        .filter((i) => inChosenIterations(i.instance, chosen) && (i.entered_at || i.status !== 'pending'))
        .map((i) => pointerOf.get(baseName(i.instance)))
        .filter((p): p is string => !!p),
    );
    return takenEdges(toFlowGraph(doc), overlays, entered);
  }, [doc, instances, overlays, chosen]);
  const nameOf = useMemo(
    () => (doc ? new Map(indexStates(doc).tree.states.map((s) => [s.pointer, s.name])) : new Map<string, string>()),
    [doc],
  );

  if (!isUuid(runId)) return <ErrorState title="No such run" message={`“${runId}” is not the id of a run.`} />;
  if (query.isError)
    return <ErrorState title="The run could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (failure) {
    const title = failure.error_code === 'not_found' ? 'No such run' : 'The run could not be loaded';
    return <ErrorState title={title} message={failure.error} code={failure.error_code} onRetry={() => void query.refetch()} />;
  }
  if (!data) return <LoadingState label="Loading the run…" />;
  const status = String(data.run.status ?? '');
  const selectInstance = (instance: string) => {
    const pointer = [...nameOf.entries()].find(([, n]) => n === baseName(instance))?.[0] ?? null;
    setSelected(pointer);
    setTab('graph');
  };

  return (
    <div className="-m-8 flex h-screen min-h-0 flex-col" data-testid="run-view">
      <RunHeader detail={data} live={live} canRun={canRun} />
      <TabList<Tab> tabs={TABS} tab={tab} onTab={setTab} label="Run view" idPrefix="run" />
      {/* The selected tab's panel: the tab's aria-controls names it, and it is named by its tab. */}
      <div role="tabpanel" id={`run-panel-${tab}`} aria-labelledby={`run-tab-${tab}`} className="flex min-h-0 flex-1 flex-col">
        {tab === 'graph' && (
          <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)_28rem]">
            <div className="min-h-0">
              {doc ? (
                <WorkflowGraphView
                  doc={doc}
                  run={overlays}
                  taken={taken}
                  selected={selected}
                  onSelect={setSelected}
                  ariaLabel={`Graph of run ${runId}`}
                />
              ) : (
                <p className="p-4 text-sm text-slate-500">The workflow document of this run is not available.</p>
              )}
            </div>
            <aside className="min-h-0 overflow-y-auto border-l border-slate-200 bg-white" aria-label="State details">
              {selected ? (
                <StatePanel
                  runId={runId}
                  stateName={nameOf.get(selected) ?? ''}
                  instances={instances}
                  chosen={chosen}
                  onChoose={(map, index) =>
                    setChosen((c) => {
                      const { [map]: _old, ...rest } = c;
                      return index === null ? rest : { ...rest, [map]: index };
                    })
                  }
                  canRetry={canRun && isFinalRunStatus(status) && status !== 'SUCCEEDED'}
                />
              ) : (
                <p className="p-4 text-sm text-slate-500">Click a state to see its input, output, skill, timings and events.</p>
              )}
            </aside>
          </div>
        )}
        {tab === 'timeline' && (
          <div className="min-h-0 flex-1 overflow-y-auto bg-white">
            <RunTimeline instances={instances} run={data.run} running={!isFinalRunStatus(status)} onSelect={selectInstance} />
          </div>
        )}
        {tab === 'plans' && (
          <div className="min-h-0 flex-1 overflow-y-auto bg-white p-4">
            <RunPlans runId={runId} running={!isFinalRunStatus(status)} />
          </div>
        )}
        {tab === 'io' && (
          <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto bg-white p-4 lg:grid-cols-2">
            <section className="space-y-1">
              <h3 className="text-sm font-semibold">Input</h3>
              <JsonBlock value={data.run.input} label="Run input" />
            </section>
            <section className="space-y-1">
              <h3 className="text-sm font-semibold">Output</h3>
              {data.run.output === null || data.run.output === undefined ? (
                <p className="text-sm text-slate-500">No output {isFinalRunStatus(status) ? '(the run did not succeed).' : 'yet.'}</p>
              ) : (
                <JsonBlock value={data.run.output} label="Run output" />
              )}
            </section>
          </div>
        )}
        {tab === 'events' && (
          <div className="min-h-0 flex-1 overflow-y-auto bg-white p-4">
            <RunEventList events={data.events} />
          </div>
        )}
      </div>
    </div>
  );
}
