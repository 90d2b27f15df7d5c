import { Fragment, type ReactNode } from "react";
import { splitSlots } from "@/lib/i18n/translate";

/** A translated sentence whose {slots} are markup (a date, a link), in the sentence's own word order. */
export function Rich({ text, slots }: { text: string; slots: Record<string, ReactNode> }) {
  return (
    <>
      {splitSlots(text).map((part, i) =>
        "slot" in part ? <Fragment key={i}>{slots[part.slot] ?? `{${part.slot}}`}</Fragment> : part.text,
      )}
    </>
  );
}
