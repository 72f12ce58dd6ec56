import { Badge, type Tone } from '@/components/ui/badge';
import type { ListedSkill } from './types';

const EGRESS: Record<ListedSkill['permissions']['egress'], { tone: Tone; label: string; title: string }> = {
  none: { tone: 'ok', label: 'No egress', title: 'The skill makes no network calls outside the platform' },
  intranet: { tone: 'info', label: 'Intranet egress', title: 'The skill calls services on the internal network' },
  internet: { tone: 'warn', label: 'Internet egress', title: 'The skill calls services on the public internet' },
};

/** A skill's declared permissions: network egress and the secrets (environment variables) it needs. */
export function Permissions({ permissions, compact = false }: { permissions: ListedSkill['permissions']; compact?: boolean }) {
  const egress = EGRESS[permissions.egress];
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Badge tone={egress.tone} title={egress.title}>
        {egress.label}
      </Badge>
      {permissions.secrets.length === 0 ? (
        <Badge>No secrets</Badge>
      ) : compact ? (
        <Badge title={permissions.secrets.join(', ')}>
          {permissions.secrets.length} secret{permissions.secrets.length === 1 ? '' : 's'}
        </Badge>
      ) : (
        permissions.secrets.map((s) => (
          <Badge key={s} title="Environment variable the skill's tools need">
            <span className="font-mono">{s}</span>
          </Badge>
        ))
      )}
    </div>
  );
}
