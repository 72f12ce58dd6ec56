import { addDays, isoDay } from '../../lib/nl/dates/calendar.ts';
import type { ToolServices } from '../../server/contracts/tool-services.ts';
import { callSkillData } from '../../server/tools/crm/skill-call.ts';
import { isFailure, type ToolFailure } from '../../server/tool-result.ts';
import type { KnownCall } from './plan.ts';

/**
 * The calls a backfill may analyse, asked of the same skills the workflow's first two states call
 * (on the platform's skill path: the catalog's manifests, the skill invoker): the CRM's
 * applications opened each day of [from, to] (one lookup per day, because the lookup answers with
 * ids only and the plan needs each application's opening day), then their recordings, which name
 * the advisor and when each call was recorded. Read-only: no run, no audit entry.
 */
const SALESFORCE = 'skill://salesforce-integration@2.1.0';
const RECORDINGS = 'skill://recording-management@1.5.0';
/** Lookups in flight at once: the in-process demo server answers each in a few milliseconds. */
const PARALLEL = 8;

type Recording = { recording_id: string; application_id: string; recorded_at: string; advisor_name?: string | null };

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); isoDay(d) <= to; d = addDays(d, 1)) days.push(isoDay(d));
  return days;
}

/** Each day's application ids, looked up PARALLEL days at a time; the first failure is returned. */
async function applicationsByDay(services: ToolServices, days: string[]): Promise<Map<string, string> | ToolFailure> {
  const openedOn = new Map<string, string>();
  for (let i = 0; i < days.length; i += PARALLEL) {
    const batch = days.slice(i, i + PARALLEL);
    const answers = await Promise.all(
      batch.map((day) => {
        const period = { start_date: day, end_date: day };
        return callSkillData<{ ids: string[] }>(services, SALESFORCE, 'get_applications_by_advisor', period);
      }),
    );
    for (const [k, a] of answers.entries()) {
      if (isFailure(a)) return a;
      for (const id of a.data.ids) openedOn.set(id, batch[k]!);
    }
  }
  return openedOn;
}

export async function knownCalls(services: ToolServices, from: string, to: string): Promise<KnownCall[] | ToolFailure> {
  const openedOn = await applicationsByDay(services, daysOf(from, to));
  if (isFailure(openedOn)) return openedOn;
  if (!openedOn.size) return [];
  const args = { application_ids: [...openedOn.keys()] };
  const found = await callSkillData<{ recordings: Recording[] }>(services, RECORDINGS, 'get_recordings_by_application_ids', args);
  if (isFailure(found)) return found;
  // A recording the system files without an advisor cannot be run for one: the workflow needs a name.
  return found.data.recordings
    .filter((r) => typeof r.advisor_name === 'string' && r.advisor_name !== '')
    .map((r) => ({
      recording_id: r.recording_id,
      application_id: r.application_id,
      advisor_name: r.advisor_name!,
      opened_on: openedOn.get(r.application_id)!,
      recorded_at: r.recorded_at,
    }));
}
