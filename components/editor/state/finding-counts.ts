import type { Finding } from '@/components/workflows/types';
import type { FindingCounts } from '../canvas/to-react-flow';
import type { FlowGraph } from '../model/flow-graph';
import { pinFindings } from '../model/pin-finding';
import type { WorkflowDoc } from '../model/types';

/**
 * Errors and warnings per canvas node: each finding counts on the innermost state or lane its
 * JSON pointer lies in (pinFindings). Findings of the workflow itself pin to no node. `graph`: the
 * document's flow graph, when the caller has it.
 */
export function findingCounts(doc: WorkflowDoc, findings: readonly Finding[], graph?: FlowGraph): Map<string, FindingCounts> {
  const pins = pinFindings(
    doc,
    findings.map((f) => f.path),
    graph,
  );
  const counts = new Map<string, FindingCounts>();
  pins.forEach((p, i) => {
    if (!p.nodeId) return;
    const c = counts.get(p.nodeId) ?? { errors: 0, warnings: 0 };
    counts.set(p.nodeId, findings[i]!.severity === 'error' ? { ...c, errors: c.errors + 1 } : { ...c, warnings: c.warnings + 1 });
  });
  return counts;
}

/**
 * Whether two nodes-to-counts maps say the same. The canvas keeps the map it drew when a new one
 * says the same: each validation (once per pause in typing) makes a new list of findings, and a new
 * map would walk every node of the canvas again though no count changed.
 */
export function sameCounts(a: ReadonlyMap<string, FindingCounts>, b: ReadonlyMap<string, FindingCounts>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, c] of a) {
    const d = b.get(id);
    if (!d || d.errors !== c.errors || d.warnings !== c.warnings) return false;
  }
  return true;
}
