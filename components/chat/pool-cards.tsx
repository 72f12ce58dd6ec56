import { Badge } from '@/components/ui/badge';
import { SkillChips } from '@/components/companions/skill-chips';
import type { CompanionCard as Made, DismissCard as Dismissed, FinalizeCard as Finalized } from './delegation-cards';

const BOX = 'max-w-[85%] rounded-lg border px-4 py-2.5 text-sm';

/** A Companion the Conductor created (create_companion), or why it could not. */
export function CompanionCard({ card }: { card: Made }) {
  if (card.pending) return null;
  if (card.error) {
    return (
      <p className={`${BOX} border-amber-200 bg-amber-50 text-amber-900`} data-testid="chat-companion-card" data-status="refused">
        No new Companion: {card.error}
      </p>
    );
  }
  return (
    <div className={`${BOX} border-slate-200 bg-white`} data-testid="chat-companion-card" data-status="created">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone="info">New Companion</Badge>
        <span className="font-medium text-slate-900">{card.name ?? card.companionId}</span>
        <span className="text-xs text-slate-600">{card.specialization}</span>
      </p>
      {card.skills.length > 0 && (
        <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-600">
          loaded: <SkillChips skills={card.skills} label="Skills it starts with" />
        </p>
      )}
    </div>
  );
}

/** A Companion the Conductor dismissed (dismiss_companion). */
/** " (unloaded N skill(s))" after a dismissal, or nothing when no skill was unloaded. */
function unloadedText(count: number): string {
  return count ? ` (unloaded ${count} skill${count === 1 ? '' : 's'})` : '';
}

export function DismissCard({ card }: { card: Dismissed }) {
  if (card.pending) return null;
  return (
    <p
      className={`${BOX} ${card.error ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-200 bg-white text-slate-700'}`}
      data-testid="chat-dismiss-card"
    >
      {card.error
        ? `Could not dismiss ${card.name ?? card.companionId}: ${card.error}`
        : `Dismissed ${card.name ?? card.companionId}${unloadedText(card.skillsUnloaded.length)}.`}
    </p>
  );
}

/** The session ended (finalize_session). */
export function FinalizeCard({ card }: { card: Finalized }) {
  if (card.pending) return null;
  return (
    <p
      className={`${BOX} ${card.error ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-200 bg-slate-50 text-slate-700'}`}
      data-testid="chat-finalize-card"
    >
      {card.error
        ? `The session could not be finalized: ${card.error}`
        : `Session finalized: ${card.companionsDismissed ?? 0} Companion${card.companionsDismissed === 1 ? '' : 's'} dismissed` +
          `${card.archivePath ? `, archived to ${card.archivePath}` : ''}. Your next message starts a new session.`}
    </p>
  );
}
