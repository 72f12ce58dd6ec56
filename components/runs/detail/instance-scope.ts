/**
 * Instance names of the control plane (server/execution/instances.ts): a state's name at top
 * level and in Parallel branches; inside a Map iteration its scope comes first, `Map[3]/State`,
 * nested Maps chain, `A[1]/B[0]/C`.
 */

/** The state name of an instance (its last segment). */
export const baseName = (instance: string) => instance.slice(instance.lastIndexOf('/') + 1);

/** The Map iterations an instance runs in, outermost first: `A[1]/B[0]/C` → [{map: 'A', index: 1}, {map: 'A[1]/B', index: 0}]. */
export function iterationsOf(instance: string): Array<{ map: string; index: number }> {
  const out: Array<{ map: string; index: number }> = [];
  const re = /([^/[\]]+)\[(\d+)\]\//g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(instance))) out.push({ map: instance.slice(0, m.index) + m[1]!, index: Number(m[2]) });
  return out;
}

/** True when every Map iteration the instance runs in is the one chosen for that Map (or none is chosen). */
export function inChosenIterations(instance: string, chosen: Readonly<Record<string, number>>): boolean {
  return iterationsOf(instance).every((it) => chosen[it.map] === undefined || chosen[it.map] === it.index);
}
