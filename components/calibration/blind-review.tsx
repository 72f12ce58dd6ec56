'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { Button, FIELD } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { CALIBRATION_ANSWERS, type CalibrationAnswerValue } from '@/lib/calibration/session';
import { ukDateTime, ukDay } from '@/lib/uk-time';
import { BlindCall } from './blind-call';
import { ANSWER_LABELS } from './format';
import type { BlindReview as Review } from './types';

/**
 * A reviewer's blind review: the session's calls one at a time — the recording and the transcript
 * (BlindCall), never the AI's verdicts, score or evidence — and every rule with pass / fail / not
 * applicable and a short reason (needed for a fail). Each answer is saved as it is given. "Submit
 * review" once every rule of every call is answered; after that a change is an amendment, saved
 * with the reason given above the rules.
 */
export function BlindReview({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery(trpc.calibration.review.queryOptions({ session_id: sessionId }));
  const [at, setAt] = useState(0);
  const [why, setWhy] = useState('');
  const [reasons, setReasons] = useState<Record<string, string>>({});
  // The answer just given, shown at once while it is saved; dropped if the server refuses it.
  const [given, setGiven] = useState<Record<string, CalibrationAnswerValue>>({});
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trpc.calibration.review.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.calibration.results.queryKey() });
  };
  const save = useMutation(trpc.calibration.saveAnswers.mutationOptions({ onSuccess: refresh }));
  const submit = useMutation(trpc.calibration.submit.mutationOptions({ onSuccess: refresh }));
  if (q.isPending) return <LoadingState label="Loading your review…" />;
  if (q.isError) return <ErrorState title="Your review could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />;
  if (q.data.status === 'error')
    return <ErrorState title="Your review could not be loaded" message={q.data.error} code={q.data.error_code} />;
  const r = q.data.review as unknown as Review;
  const call = r.calls[Math.min(at, r.calls.length - 1)]!;
  const answerOf = (ruleId: string, callId = call.qa_result_id) => r.answers.find((a) => a.qa_result_id === callId && a.rule_id === ruleId);
  const answered = r.answers.length;
  const needed = r.calls.length * r.rules.length;
  const closed = r.session.status === 'closed';
  const submitted = r.submitted_at !== null;
  const key = (ruleId: string) => `${call.qa_result_id}|${ruleId}`;
  const give = (ruleId: string, answer: CalibrationAnswerValue) => {
    const reason = (reasons[key(ruleId)] ?? answerOf(ruleId)?.reason ?? '').trim();
    const k = key(ruleId);
    setGiven((g) => ({ ...g, [k]: answer }));
    // A fail is saved with its reason: chosen first, it waits (shown, marked unsaved) until the reason is typed.
    if (answer === 'fail' && !reason) return;
    const drop = () =>
      setGiven((g) => {
        const { [k]: _dropped, ...rest } = g;
        return rest;
      });
    save.mutate(
      {
        session_id: sessionId,
        answers: [{ qa_result_id: call.qa_result_id, rule_id: ruleId, answer, ...(reason ? { reason } : {}) }],
        ...(submitted ? { amendment_reason: why.trim() } : {}),
      },
      { onSuccess: (r) => r.status === 'error' && drop(), onError: drop },
    );
  };
  const refused = save.data?.status === 'error' ? save.data.error : submit.data?.status === 'error' ? submit.data.error : null;
  return (
    <div className="space-y-4" data-testid="blind-review">
      <Panel
        title={`Call ${call.position} of ${r.calls.length}: ${call.call_id}`}
        actions={
          <div className="flex items-center gap-2">
            <Button disabled={at === 0} onClick={() => setAt(at - 1)}>
              Previous call
            </Button>
            <Button disabled={at >= r.calls.length - 1} onClick={() => setAt(at + 1)}>
              Next call
            </Button>
          </div>
        }
      >
        <p className="px-4 pt-3 text-xs text-slate-600">
          {call.advisor ?? 'Advisor not recorded'} · {call.product ?? 'no product'} · {ukDateTime(call.call_at)} · due{' '}
          {ukDay(r.session.due_date)}. Blind review: the AI’s verdicts and the other reviewers’ answers are not shown.
        </p>
        <BlindCall key={call.qa_result_id} call={call} />
      </Panel>
      <Panel title={`Rules (${r.rules.length}) — ${answered} of ${needed} answers given across the session`}>
        {submitted && !closed && (
          <label className="flex flex-col gap-1 px-4 pt-3 text-sm">
            <span className="text-xs font-medium text-slate-600">
              Submitted {ukDateTime(r.submitted_at)}. To change an answer, say why (the change is kept as a new version, with your name and
              the time):
            </span>
            <input className={FIELD} maxLength={500} value={why} onChange={(e) => setWhy(e.target.value)} data-testid="amendment-reason" />
          </label>
        )}
        <ul className="divide-y divide-slate-100">
          {r.rules.map((rule) => {
            const a = answerOf(rule.rule_id);
            return (
              <li key={rule.rule_id} className="space-y-1.5 px-4 py-3" data-testid="blind-rule" data-rule-id={rule.rule_id}>
                <div className="flex flex-wrap items-center gap-1.5">
                  <span className="font-mono text-xs font-semibold">{rule.rule_id}</span>
                  {rule.mandatory && <Badge tone="bad">Mandatory</Badge>}
                  {a && a.version > 1 && <Badge tone="info">Amended (version {a.version})</Badge>}
                </div>
                <p className="text-sm text-slate-900">{rule.rule}</p>
                <div className="flex flex-wrap items-center gap-3 text-sm" role="radiogroup" aria-label={`Your answer on ${rule.rule_id}`}>
                  {CALIBRATION_ANSWERS.map((v) => (
                    <label key={v} className="flex items-center gap-1">
                      <input
                        type="radio"
                        name={`${call.qa_result_id}-${rule.rule_id}`}
                        checked={(given[key(rule.rule_id)] ?? a?.answer) === v}
                        disabled={closed || save.isPending || (submitted && !why.trim())}
                        onChange={() => give(rule.rule_id, v)}
                      />
                      {ANSWER_LABELS[v]}
                    </label>
                  ))}
                  <input
                    className={`${FIELD} min-w-48 flex-1`}
                    placeholder="Short reason (needed for a fail)"
                    aria-label={`Reason for ${rule.rule_id}`}
                    maxLength={500}
                    disabled={closed}
                    value={reasons[key(rule.rule_id)] ?? a?.reason ?? ''}
                    onChange={(e) => setReasons((x) => ({ ...x, [key(rule.rule_id)]: e.target.value }))}
                    onBlur={() => {
                      const chosen = given[key(rule.rule_id)] ?? a?.answer;
                      const typed = reasons[key(rule.rule_id)] ?? a?.reason ?? '';
                      if (chosen && (chosen !== a?.answer || typed !== (a?.reason ?? ''))) give(rule.rule_id, chosen);
                    }}
                  />
                </div>
                {given[key(rule.rule_id)] === 'fail' && a?.answer !== 'fail' && !(reasons[key(rule.rule_id)] ?? '').trim() && (
                  <p className="text-xs text-amber-800" data-testid="fail-needs-reason">
                    Not saved yet: give a short reason for the fail.
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 px-4 py-3 text-sm">
          {!submitted && !closed && (
            <Button
              variant="primary"
              disabled={answered < needed || submit.isPending}
              onClick={() => submit.mutate({ session_id: sessionId })}
            >
              Submit review
            </Button>
          )}
          {!submitted && answered < needed && <span className="text-slate-600">Answer every rule of every call to submit.</span>}
          {submitted && <span className="text-slate-700">Your review was submitted {ukDateTime(r.submitted_at)}.</span>}
          {closed && <span className="text-slate-700">The session is closed: answers no longer change.</span>}
          {refused && (
            <p role="alert" className="text-red-700">
              {refused}
            </p>
          )}
        </div>
      </Panel>
    </div>
  );
}
