import { Button } from '@/components/ui/button';

/** The buttons under an override form (a rule's or the score's): save (busy while saving) and cancel. */
export function OverrideActions({
  label,
  pending,
  disabled,
  onCancel,
}: {
  label: string;
  pending: boolean;
  disabled: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" variant="primary" className="px-2 py-1 text-xs" disabled={pending || disabled}>
        {pending ? 'Saving…' : label}
      </Button>
      <Button className="px-2 py-1 text-xs" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
