'use client';
import { Badge } from '@/components/ui/badge';
import { lifecycleLines, STATUS_HELP, STATUS_LABEL, STATUS_TONE, type VersionLifecycleRow } from './lifecycle-text';

/** A version's status badge and its saved / published / retired lines (UK time; the page says so). */
export function VersionLifecycle({ version, lifecycle }: { version: string; lifecycle: VersionLifecycleRow }) {
  return (
    <div className="space-y-0.5" data-testid="version-lifecycle" data-version={version} data-status={lifecycle.status}>
      <Badge tone={STATUS_TONE[lifecycle.status]} title={STATUS_HELP[lifecycle.status]}>
        v{version} · {STATUS_LABEL[lifecycle.status]}
      </Badge>
      <ul className="text-xs text-slate-600">
        {lifecycleLines(lifecycle).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </div>
  );
}
