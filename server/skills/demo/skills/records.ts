import { arrayArg, SkillError, stringArg, type SkillTool } from './envelope.ts';
import { periodArgs } from './period.ts';

/**
 * salesforce-integration `get_applications_by_advisor` and recording-management
 * `get_recordings_by_application_ids` over the demo dataset.
 */

/**
 * Applications opened between start_date and end_date (inclusive), by one advisor (name matched
 * case-insensitively) or by all when advisor_name is omitted; in opening order. An unknown advisor
 * is an error (AdvisorNotFound) rather than an empty list, so a typo cannot pass as "no calls".
 */
export const getApplicationsByAdvisor: SkillTool = (args, { dataset }) => {
  const { start, end } = periodArgs(args);
  const name = stringArg(args, 'advisor_name');
  const advisor = name === undefined ? undefined : dataset.advisors.find((a) => a.name.toLowerCase() === name.trim().toLowerCase());
  if (name !== undefined && !advisor) {
    throw new SkillError('AdvisorNotFound', `no advisor named "${name}" (known: ${dataset.advisors.map((a) => a.name).join(', ')})`);
  }
  const ids = dataset.applications
    .filter((a) => a.opened_on >= start && a.opened_on <= end && (!advisor || a.advisor_id === advisor.advisor_id))
    .map((a) => a.application_id);
  const who = advisor ? `for ${advisor.name}` : 'for all advisors';
  return { summary: `Found ${ids.length} application${ids.length === 1 ? '' : 's'} ${who} between ${start} and ${end}.`, data: { ids } };
};

/**
 * The recordings of the given applications: application order first (as given), then recording
 * time, each with the call's metadata as the recording system files it (advisor and team, customer,
 * product). Unknown ids have no recordings; the summary names them.
 */
export const getRecordingsByApplicationIds: SkillTool = (args, { dataset }) => {
  const ids = arrayArg(args, 'application_ids', true)!;
  if (!ids.every((id): id is string => typeof id === 'string')) throw new SkillError('InvalidArguments', 'application_ids must be strings');
  const { recordings: all, applications, advisors } = dataset;
  const apps = new Map(applications.map((a) => [a.application_id, a]));
  const recordings = ids.flatMap((id) => {
    const app = apps.get(id);
    const advisor = advisors.find((a) => a.advisor_id === app?.advisor_id);
    const meta = {
      advisor_name: advisor?.name ?? null,
      team: advisor?.team ?? null,
      customer_name: app?.customer ?? null,
      product: app?.product ?? null,
    };
    return all
      .filter((r) => r.application_id === id)
      .sort((a, b) => a.recorded_at.localeCompare(b.recorded_at))
      .map(({ recording_id, application_id, uri, duration_s, recorded_at }) => ({
        recording_id,
        application_id,
        uri,
        duration_s,
        recorded_at,
        ...meta,
      }));
  });
  const known = new Set(apps.keys());
  const unknown = ids.filter((id) => !known.has(id));
  const n = recordings.length;
  const summary =
    `Found ${n} recording${n === 1 ? '' : 's'} for ${ids.length} application${ids.length === 1 ? '' : 's'}.` +
    `${unknown.length ? ` Unknown application ids: ${unknown.join(', ')}.` : ''}`;
  return { summary, data: { recordings } };
};
