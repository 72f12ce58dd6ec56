import { CopyButton } from '@/components/ui/copy-button';
import { shortHash } from './audit-format';

/** An entry's hash, shortened; the full value on hover and through the copy button. */
export function HashText({ hash, entryId }: { hash: string; entryId: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono text-xs text-slate-500" title={hash} data-testid="audit-hash">
        {shortHash(hash)}
      </span>
      <CopyButton text={hash} label={`Copy the hash of entry #${entryId}`} />
    </span>
  );
}
