'use client';
import { useCallback, useMemo, useState } from 'react';
import { Panel } from '@/components/ui/panel';
import { ClockNote } from '../clock-note';
import { verdictLabel } from '../format';
import type { QaDetailView, QaEvidence } from '../types';
import { CallHeader } from './call-header';
import { CarryNotes } from './carry-notes';
import { useDrafts } from './drafts';
import { evidenceSpans } from './evidence';
import { AnalysisResultsPanels } from './analysis-results-panel';
import { CallPlayer } from './call-player';
import { momentOf, turnAtTime } from './playback';
import { ProvenancePanel } from './provenance-panel';
import { ReanalysisPanel } from './reanalysis-panel';
import { ReviewHistory } from './review-history';
import { ReviewPanel } from './review-panel';
import { ScoreCard } from './score-card';
import { SentimentPanel } from './sentiment-panel';
import { Transcript } from './transcript';
import { useCallPlayer } from './use-call-player';
import { useEvidenceSelection } from './use-evidence-selection';
import { VerdictList } from './verdict-list';

/**
 * A call's QA result (`/qa/[id]`): header, then score, sentiment and the review's state and
 * closing actions, then the transcript beside the rule verdicts (linked both ways through their
 * evidence), then provenance and the review history. `canReview` (compliance managers and admins) adds the review controls; `me` is
 * the signed-in user's email, as sign-offs name their reviewer.
 */
export function CallDetail({ qa, canReview, me, backHref }: { qa: QaDetailView; canReview: boolean; me: string; backHref: string }) {
  const drafts = useDrafts();
  const [naOpen, setNaOpen] = useState(false);
  const flags = useMemo(() => qa.sentiment?.flags ?? [], [qa.sentiment]);
  const spans = useMemo(() => evidenceSpans(qa.verdicts, flags), [qa.verdicts, flags]);
  const evidenceOf = useCallback(
    (id: string): QaEvidence | null => {
      if (id.startsWith('flag:')) return flags[Number(id.slice(5))]?.evidence ?? null;
      return qa.verdicts.find((v) => `rule:${v.rule_id}` === id)?.evidence ?? null;
    },
    [flags, qa.verdicts],
  );
  const labelOf = useCallback(
    (id: string) => {
      if (id.startsWith('flag:')) return `the ${flags[Number(id.slice(5))]?.type ?? 'sentiment'} flag`;
      const v = qa.verdicts.find((x) => `rule:${x.rule_id}` === id);
      return v ? `${v.rule_id} (${verdictLabel(v.verdict).toLowerCase()})` : id;
    },
    [flags, qa.verdicts],
  );
  const selection = useEvidenceSelection(qa.transcript.turns, evidenceOf, labelOf);
  // The recording (issue 34): only a result that names the recording it was transcribed from has one.
  const hasRecording = !!qa.transcript.recording_uri;
  const player = useCallPlayer();
  const { seek } = player;
  const heard = turnAtTime(qa.transcript.turns, player.time);
  /** Evidence picked in the results: highlighted in the transcript and, with a recording, played from that moment. */
  const showEvidence = useCallback(
    (id: string) => {
      selection.showInTranscript(id);
      const ev = evidenceOf(id);
      const at = ev && hasRecording ? momentOf(ev, qa.transcript.turns) : null;
      if (at !== null) seek(at, true);
    },
    [selection, evidenceOf, hasRecording, qa.transcript.turns, seek],
  );
  const pickInTranscript = useCallback(
    (ids: readonly string[]) => {
      const na = ids.some((id) => qa.verdicts.some((v) => v.verdict === 'not_applicable' && `rule:${v.rule_id}` === id));
      if (na) setNaOpen(true);
      selection.showInResults(ids);
    },
    [qa.verdicts, selection],
  );

  const locked = qa.review.status === 'signed_off';
  const ruleReview = canReview ? { qaResultId: qa.qa_result_id, locked, draft: drafts.rule, setDraft: drafts.setRule } : null;
  const scoreReview = canReview ? { locked, draft: drafts.drafts.score, onDraft: drafts.setScore } : null;

  return (
    <div className="space-y-6" data-testid="qa-detail">
      <div className="space-y-2">
        <CallHeader qa={qa} backHref={backHref} />
        <ClockNote className="" />
      </div>
      <p className="sr-only" aria-live="polite" data-testid="evidence-announcement">
        {selection.announcement}
      </p>
      {qa.reanalysis && <ReanalysisPanel qa={qa} canReview={canReview} />}
      <CarryNotes notes={qa.carry_notes} />

      <div className="grid gap-6 lg:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_24rem]">
        <Panel title="Score">
          <ScoreCard qa={qa} review={scoreReview} />
        </Panel>
        <Panel title="Sentiment" id="qa-sentiment">
          <SentimentPanel qa={qa} selected={selection.selected} onShow={showEvidence} />
        </Panel>
        <Panel title={canReview ? 'Review' : 'Review (read only)'} id="qa-review">
          <ReviewPanel qaResultId={qa.qa_result_id} review={qa.review} me={me} drafts={canReview ? drafts : null} />
        </Panel>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="transcript-title" className="rounded-xl border border-slate-200 bg-white lg:sticky lg:top-4">
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <h2 id="transcript-title" className="text-sm font-semibold text-slate-900">
              Transcript
            </h2>
            <span className="text-xs text-slate-500">Underlined text is quoted as evidence: select it to see what quotes it.</span>
          </div>
          {hasRecording && <CallPlayer qaResultId={qa.qa_result_id} player={player} />}
          <div className="max-h-[calc(100vh-9rem)] overflow-y-auto p-3" data-testid="transcript-scroll">
            <Transcript
              transcript={qa.transcript}
              spans={spans}
              selected={selection.selected}
              labelOf={labelOf}
              onPick={pickInTranscript}
              playback={hasRecording ? { turn: heard, playing: player.playing, playFrom: (s) => seek(s, true) } : null}
            />
          </div>
        </section>
        <Panel title="Rule verdicts" id="qa-verdicts">
          <VerdictList
            verdicts={qa.verdicts}
            naOpen={naOpen}
            reviewed={qa.reviewed ? { failed: qa.rules_failed, failedMandatory: qa.failed_mandatory } : null}
            onNaOpen={setNaOpen}
            selected={selection.selected}
            decisions={qa.review.rules}
            review={ruleReview}
            onShow={showEvidence}
          />
        </Panel>
      </div>

      <AnalysisResultsPanels qa={qa} />

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Panel title="Provenance" id="qa-provenance">
          <ProvenancePanel qa={qa} />
        </Panel>
        <Panel title="Review history" id="qa-history">
          <ReviewHistory actions={qa.review.actions} />
        </Panel>
      </div>
      <p className="text-sm">
        <a
          href={`/api/qa/${encodeURIComponent(qa.qa_result_id)}/evidence.pdf`}
          download
          data-testid="qa-evidence-pack"
          className="font-medium text-indigo-700 underline-offset-2 hover:underline"
        >
          Download the evidence pack (PDF)
        </a>
        <span className="ml-2 text-xs text-slate-500">
          transcript excerpts behind each verdict, AI and reviewer verdicts, reviewers and times, provenance, and the audit chain head
        </span>
      </p>
    </div>
  );
}
