'use client';
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ReactFlowProvider } from '@xyflow/react';
import type { Finding } from '@/components/workflows/types';
import type { VersionRef } from '@/components/workflows/editor-links';
import { locatePointer } from '@/components/workflows/json-pointer';
import { lineColumnAt, parseJsonWithSourceMap } from '@/components/workflows/json-source-map';
import { EditorCanvas, type CanvasViewport } from './canvas/editor-canvas';
import { ComparisonBanner } from './compare/comparison-banner';
import { useComparison } from './compare/use-comparison';
import { Palette } from './canvas/palette';
import { SkillFiguresContext } from './canvas/skill-figures';
import { leafSizes, toReactFlow, type RouteEdge } from './canvas/to-react-flow';
import type { EditorFlowNode } from './canvas/node-data';
import { reuseById } from './canvas/reuse-flow';
import { createLiveSelection, LiveSelectionContext } from './canvas/live-selection';
import { ToggleContainerContext } from './canvas/zoom-context';
import type { StateSearch } from './canvas/find-state-box';
import { useFlowLayout } from './canvas/use-flow-layout';
import { holdWhileTyping, useHeldWhileTyping } from './canvas/use-held-while-typing';
import { useSkillFigures } from './canvas/use-skill-figures';
import { Inspector } from './inspector/inspector';
import type { CodeEditorHandle } from './json/code-editor';
import { pinFinding } from './model/pin-finding';
import { collapseGraph } from './model/collapse-graph';
import { findStates } from './model/find-states';
import { toFlowGraph } from './model/to-flow-graph';
import type { EditResult } from './model/types';
import { JsonPanel, findingRanges } from './panels/json-panel';
import { ProblemsPanel } from './panels/problems-panel';
import { validityOf } from './state/validity';
import { ControlPlanePanel } from './panels/control-plane-panel';
import { SideTabs, type SideTab } from './panels/side-tabs';
import { VersionsPanel } from './panels/versions-panel';
import { EditorToolbar } from './toolbar/editor-toolbar';
import { findingCounts, sameCounts } from './state/finding-counts';
import type { LoadedSource } from './state/use-editor-source';
import { useDocValidation } from './state/use-doc-validation';
import { useEditor } from './state/use-editor';
import { useGlobalShortcuts } from './state/use-global-shortcuts';
import { stateFromText } from './state/editor-reducer';
import { editorText } from './state/editor-text';

export type EditorPermissions = { canEdit: boolean; canRun: boolean };

/**
 * The visual workflow editor: palette, canvas and a side panel (inspector, JSON view, problems),
 * all views of one document. Every change — a canvas gesture, an inspector field, typing in the
 * JSON view — becomes a new document in one undo history; validation runs once edits pause and
 * each finding is pinned to its node and field.
 */
export function WorkflowEditor({
  source,
  permissions,
  against = null,
}: {
  source: LoadedSource;
  permissions: EditorPermissions;
  /** A saved version to compare the document with as it is edited (marks on the canvas, a banner). */
  against?: VersionRef | null;
}) {
  const readOnly = !permissions.canEdit;
  const { state, canvas } = useEditor(useMemo(() => stateFromText(source.text), [source.text]));
  const doc = state.history.present;
  const validation = useDocValidation(doc, state.syntaxError === null);
  const comparison = useComparison(against, doc);
  const changes = comparison?.marks;
  const [tab, setTab] = useState<SideTab>('inspector');
  const [jsonBeside, setJsonBeside] = useState(false);
  const [autoLayout, setAutoLayout] = useState(true);
  const [selectedFinding, setSelectedFinding] = useState<Finding | null>(null);
  const jsonEditor = useRef<CodeEditorHandle>(null);
  const viewport = useRef<CanvasViewport | null>(null);
  const figures = useSkillFigures();

  // The canvas draws a deferred copy of the document and the selection: a keystroke in the inspector
  // or the JSON view is rendered and painted first, and the canvas (a thousand nodes to diff) catches
  // up right after, in a render React can interrupt for the next key — or, while a field is typed
  // into, once typing pauses (the selected card shows each key at once: live-selection.ts). The two
  // are deferred together: a selection of a state the canvas does not draw yet (a paste) would be
  // cleared by React Flow.
  const latest = useMemo(() => ({ doc, selection: state.selection }), [doc, state.selection]);
  const held = useHeldWhileTyping(latest, holdWhileTyping(state.history.group !== null));
  const { doc: canvasDoc, selection: canvasSelection } = useDeferredValue(held);
  const graph = useMemo(() => toFlowGraph(canvasDoc), [canvasDoc]);
  // Parallel/Map containers the user collapsed (a view setting, not part of the document).
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = useMemo(() => collapseGraph(graph, collapsed), [graph, collapsed]);
  const sizes = useMemo(() => leafSizes(shown.graph, false, shown.held), [shown]);
  const layout = useFlowLayout(shown.graph, sizes, !autoLayout);
  // A validation that finds what the last one did keeps the counts drawn (and the canvas' nodes).
  const drawnCounts = useRef<ReturnType<typeof findingCounts> | null>(null);
  const counts = useMemo(() => {
    const next = findingCounts(canvasDoc, validation.findings, graph);
    return (drawnCounts.current = drawnCounts.current && sameCounts(drawnCounts.current, next) ? drawnCounts.current : next);
  }, [canvasDoc, validation.findings, graph]);
  const selection = useMemo(() => new Set(canvasSelection), [canvasSelection]);
  // The previous nodes and edges: unchanged ones keep their objects (a keystroke redraws one node).
  const previous = useRef<{ nodes: EditorFlowNode[]; edges: RouteEdge[] }>({ nodes: [], edges: [] });
  const flow = useMemo(() => {
    const next = toReactFlow({
      graph: shown.graph,
      layout: layout.layout,
      moved: state.moved,
      findings: counts,
      readOnly,
      selection,
      changes,
      held: shown.held,
    });
    return (previous.current = {
      nodes: reuseById(previous.current.nodes, next.nodes),
      edges: reuseById(previous.current.edges, next.edges),
    });
  }, [shown, layout.layout, state.moved, counts, readOnly, selection, changes]);
  // The selected state's card reads the current document (its edits show at once), the rest the deferred copy.
  const selected = state.selection.length === 1 ? state.selection[0]! : null;
  const [liveSelection] = useState(createLiveSelection);
  useLayoutEffect(() => liveSelection.set(doc, selected), [liveSelection, doc, selected]);
  const toggleContainer = useCallback((id: string) => {
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  // Find a state (Ctrl/⌘+F on the canvas): the match is selected, its collapsed containers open,
  // and it is centred — at once when it is drawn, else once the layout that draws it arrives.
  const centreAfterLayout = useRef<string | null>(null);
  const search = useMemo<StateSearch>(
    () => ({
      find: (query) => findStates(graph, query),
      nameOf(pointer) {
        const n = graph.nodes.find((x) => x.id === pointer);
        return n?.kind === 'state' ? n.name : pointer;
      },
      show(pointer) {
        canvas.dispatch({ type: 'select', pointers: [pointer] });
        setTab('inspector');
        const hiding = [...collapsed].filter((c) => pointer.startsWith(`${c}/`));
        if (hiding.length) {
          centreAfterLayout.current = pointer;
          setCollapsed((c) => new Set([...c].filter((x) => !hiding.includes(x))));
        } else if (!viewport.current?.center(pointer)) centreAfterLayout.current = pointer;
      },
    }),
    [graph, collapsed, canvas],
  );

  // With auto-layout on, a finished layout replaces hand-placed positions. The first layout with a
  // state in it is fitted to the screen; after that, a selected state the layout moved out of
  // sight (one just added) is brought back into view.
  const fitted = useRef(false);
  useEffect(() => {
    if (!layout.layout) return;
    if (autoLayout && Object.keys(state.moved).length) canvas.dispatch({ type: 'forgetMoves' });
    const hasStates = graph.nodes.some((n) => n.kind === 'state');
    requestAnimationFrame(() => {
      const found = centreAfterLayout.current;
      if (found && viewport.current?.center(found)) centreAfterLayout.current = null;
      else if (!fitted.current && hasStates) {
        fitted.current = true;
        // A state the person points at or clicked stays where it is (the canvas kept it in place): no fit then.
        if (!viewport.current?.anchor()) viewport.current?.fit();
      } else if (state.selection[0]) viewport.current?.reveal(state.selection[0]);
    });
    // Only a new layout triggers this; the rest is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout.layout]);

  const edit = useCallback(
    (result: EditResult, o?: { coalesce?: string; select?: readonly string[] }) => canvas.dispatch({ type: 'edit', result, ...o }),
    [canvas],
  );
  useGlobalShortcuts(readOnly ? null : canvas);
  // A double-click on a state opens it in the inspector.
  const canvasActions = useMemo(
    () => ({
      ...canvas,
      open: (pointer: string) => {
        canvas.open(pointer);
        setTab('inspector');
      },
    }),
    [canvas],
  );

  /**
   * A finding clicked in the Problems list: its state is selected and brought into view, and the
   * JSON view (when shown) selects the member it points at. The list stays open, so findings can
   * be walked through one by one; the inspector focuses the field once its tab is opened.
   */
  const selectFinding = (f: Finding) => {
    setSelectedFinding(f);
    const pin = pinFinding(doc, f.path);
    if (pin.nodeId && (selection.size !== 1 || !selection.has(pin.nodeId))) canvas.dispatch({ type: 'select', pointers: [pin.nodeId] });
    if (pin.nodeId) viewport.current?.reveal(pin.nodeId);
    if (tab === 'json' || jsonBeside) {
      const [range] = findingRanges(editorText(state), [f]);
      if (range) jsonEditor.current?.reveal(range.from, range.to);
    }
  };
  // Where typing broke the JSON (only computed when it is broken: the fast path is JSON.parse; the text is then the user's own).
  const syntax = useMemo(() => {
    if (!state.syntaxError || state.typed === null) return null;
    const p = parseJsonWithSourceMap(state.typed);
    return p.ok ? { message: state.syntaxError, offset: 0, line: 1, column: 1 } : p.error;
  }, [state.syntaxError, state.typed]);
  // Lines of findings for the Problems panel; the text is made and parsed with positions only when asked.
  const textSource = useMemo(() => ({ history: { present: doc }, typed: state.typed }), [doc, state.typed]);
  const place = useMemo(() => {
    let parsed: ReturnType<typeof parseJsonWithSourceMap> | null | undefined;
    let text = '';
    return (pointer: string) => {
      if (parsed === undefined) {
        text = editorText(textSource);
        parsed = state.syntaxError ? null : parseJsonWithSourceMap(text);
      }
      if (!parsed?.ok) return null;
      const hit = locatePointer(parsed.locations, pointer);
      if (!hit) return null;
      const at = lineColumnAt(text, (hit.location.key ?? hit.location.value).start);
      return { line: at.line, column: at.column, exact: hit.exact };
    };
  }, [textSource, state.syntaxError]);
  const problems = {
    errors: validation.findings.filter((f) => f.severity === 'error').length,
    warnings: validation.findings.filter((f) => f.severity === 'warning').length,
  };

  // The JSON view's text is printed only while the view is shown (5–9 ms per edit at 1,000 states).
  const jsonShown = tab === 'json' || jsonBeside;
  const json = jsonShown && (
    <JsonPanel
      text={editorText(state)}
      onChange={(text) => canvas.dispatch({ type: 'text', text })}
      findings={validation.findings}
      syntaxError={syntax}
      readOnly={readOnly}
      editorRef={jsonEditor}
    />
  );
  return (
    <div
      className="-m-8 flex h-screen min-h-0 flex-col"
      data-testid="workflow-editor"
      // Busy while a layout or a validation of the current document is still to come: either one
      // moves or resizes the boxes, so tools (and tests) that aim at a handle wait for it.
      data-busy={layout.pending || validation.checking ? 'true' : 'false'}
    >
      <EditorToolbar
        source={source}
        state={state}
        validation={validation}
        permissions={permissions}
        canvas={canvas}
        autoLayout={autoLayout}
        onAutoLayout={setAutoLayout}
        onTidy={() => {
          canvas.dispatch({ type: 'forgetMoves' });
          layout.relayout();
        }}
        jsonBeside={jsonBeside}
        onJsonBeside={(v) => {
          setJsonBeside(v);
          if (v && tab === 'json') setTab('inspector');
        }}
        layoutPending={layout.pending}
      />
      {comparison && (
        <ComparisonBanner
          comparison={comparison}
          saved={source.base && source.draftId === null ? { workflowId: source.base.workflow_id, version: source.base.version } : null}
        />
      )}
      {(state.notice || layout.error) && (
        <p role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-sm text-amber-900" data-testid="editor-notice">
          {state.notice ?? `The layout failed: ${layout.error}`}
        </p>
      )}
      <div
        className={
          `grid min-h-0 flex-1 ${readOnly ? 'grid-cols-[minmax(0,1fr)_26rem]' : 'grid-cols-[8.5rem_minmax(0,1fr)_26rem]'} ` +
          `${jsonBeside ? '!grid-cols-[8.5rem_minmax(0,1fr)_28rem_24rem]' : ''}`
        }
      >
        {!readOnly && (
          <div className="overflow-y-auto border-r border-slate-200 bg-white p-2">
            <Palette onAdd={canvas.add} />
          </div>
        )}
        <SkillFiguresContext.Provider value={figures}>
          <ReactFlowProvider>
            <ToggleContainerContext.Provider value={toggleContainer}>
              <LiveSelectionContext.Provider value={liveSelection}>
                <EditorCanvas
                  nodes={flow.nodes}
                  edges={flow.edges}
                  readOnly={readOnly}
                  actions={canvasActions}
                  onReady={(v) => (viewport.current = v)}
                  ariaLabel="Workflow canvas"
                  search={search}
                />
              </LiveSelectionContext.Provider>
            </ToggleContainerContext.Provider>
          </ReactFlowProvider>
        </SkillFiguresContext.Provider>
        {jsonBeside && <div className="min-h-0 border-l border-slate-200">{json}</div>}
        <aside className="flex min-h-0 flex-col border-l border-slate-200 bg-white" aria-label="Side panel">
          <SideTabs tab={tab} onTab={setTab} problems={problems} hideJson={jsonBeside} />
          <div className="min-h-0 flex-1 overflow-y-auto" role="tabpanel" id={`side-panel-${tab}`} aria-labelledby={`side-tab-${tab}`}>
            {tab === 'inspector' && (
              <Inspector
                doc={doc}
                pointer={selected}
                findings={validation.findings}
                readOnly={readOnly}
                edit={edit}
                focus={selectedFinding?.path ?? null}
              />
            )}
            {tab === 'json' && !jsonBeside && json}
            {tab === 'control' && <ControlPlanePanel doc={doc} valid={validation.valid} />}
            {tab === 'versions' && (
              <VersionsPanel
                workflowId={typeof doc.workflow_id === 'string' ? doc.workflow_id : null}
                openVersion={typeof doc.version === 'string' ? doc.version : null}
                canEdit={permissions.canEdit}
              />
            )}
            {tab === 'problems' && (
              <ProblemsPanel
                findings={validation.findings}
                syntaxError={syntax}
                checking={validation.checking}
                unchecked={
                  validityOf({ syntaxError: syntax, ...validation }) === 'unchecked'
                    ? { message: validation.error?.message ?? 'no answer', retry: validation.retry }
                    : null
                }
                selectedKey={selectedFinding?.key ?? null}
                place={place}
                onSelect={selectFinding}
              />
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}
