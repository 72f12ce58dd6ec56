'use client';
import type { ReactNode } from 'react';
import { isObject } from '@/server/engine/json';
import type { JsonObject } from '../model/types';
import { FieldGroup } from './field';
import { ItemControls } from './list-controls';
import { asList, moveItem, removeItem, replaceItem, withMember } from './list-edit';
import { useStateEditor } from './use-state-editor';

/** How an entry's form edits it: one member (typing in it is one undo step unless `typing` is false), and where each member is. */
export type EntryEditor = { entry: JsonObject; set(member: string, value: unknown, typing?: boolean): void; at(member: string): string };

type Props = {
  field: 'Retry' | 'Catch';
  legend: string;
  help: string;
  /** "retrier", "catcher": names each entry ("Retrier 2") and its buttons. */
  itemName: string;
  /** Members an entry's form has controls for (their findings show there). */
  itemFields: readonly string[];
  /** The add button (or why nothing can be added), given the list and how to write it. */
  add(list: readonly unknown[], write: (next: readonly unknown[]) => void): ReactNode;
  children(editor: EntryEditor): ReactNode;
};

/**
 * A list field of object entries (Retry, Catch): each entry a card with its form, moved up or
 * down and removed with its buttons; an emptied list removes the field.
 */
export function EntryList({ field, legend, help, itemName, itemFields, add, children }: Props) {
  const s = useStateEditor();
  const list = asList(s.state[field]);
  const write = (next: readonly unknown[], typing?: string) => s.set(field, next.length ? next : undefined, typing);
  const title = itemName[0]!.toUpperCase() + itemName.slice(1);
  return (
    <FieldGroup at={s.at(field)} legend={legend} help={help} except={list.map((_, i) => String(i))}>
      {list.map((e, i) => {
        const entry = isObject(e) ? e : {};
        const editor: EntryEditor = {
          entry,
          set: (member, value, typing = true) =>
            write(replaceItem(list, i, withMember(entry, member, value)), typing ? `${field}/${i}/${member}` : undefined),
          at: (member) => s.at(field, i, member),
        };
        return (
          <FieldGroup
            key={i}
            at={s.at(field, i)}
            except={itemFields}
            legend={`${title} ${i + 1}`}
            actions={
              <ItemControls
                what={`${itemName} ${i + 1}`}
                index={i}
                count={list.length}
                onMove={(to) => write(moveItem(list, i, to))}
                onRemove={() => write(removeItem(list, i))}
              />
            }
          >
            <div className="space-y-2 rounded-md border border-slate-200 p-2" data-testid={itemName}>
              {children(editor)}
            </div>
          </FieldGroup>
        );
      })}
      {add(list, (next) => write(next))}
    </FieldGroup>
  );
}
