import { Badge, type Tone } from '@/components/ui/badge';

const TYPE_TONES: Record<string, Tone> = { YAML: 'info', MARKDOWN: 'ok', TEXT: 'neutral', UNKNOWN: 'warn' };

/** A memory file's `file_type_hint` (YAML, MARKDOWN, TEXT, UNKNOWN). */
export function TypeBadge({ type }: { type: string }) {
  return (
    <Badge tone={TYPE_TONES[type] ?? 'neutral'} title="By extension, then the hint given when written, then by content">
      {type}
    </Badge>
  );
}
