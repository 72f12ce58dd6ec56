/**
 * State instances. A state runs once per visit of its scope: top-level and Parallel-branch
 * states are named as in the workflow (`TranscribeRecording`); inside a Map iteration the name
 * is prefixed by the iteration's scope (`TranscribeAll[3]/TranscribeRecording`, nested Maps
 * chain: `A[1]/B[0]/C`). State names are unique across a workflow, so a scope and a name
 * identify one state document in the control plane.
 */
export function baseName(instance: string): string {
  return instance.slice(instance.lastIndexOf('/') + 1);
}

/** The scope prefix of an instance (`''` at top level, `Map[3]/` inside an iteration). */
export function scopeOf(instance: string): string {
  return instance.slice(0, instance.lastIndexOf('/') + 1);
}

/** The scope of iteration `index` of Map instance `mapInstance`. */
export function iterationScope(mapInstance: string, index: number): string {
  return `${mapInstance}[${index}]/`;
}
