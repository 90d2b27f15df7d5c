"use client";

import styles from "./admin.module.css";

/** A free-text input that suggests the given options (time zones, roles) as the admin types. */
export function SuggestingInput({
  control,
  listId,
  options,
  value,
  onChange,
}: {
  control: React.ComponentProps<"input">;
  listId: string;
  options: string[];
  value: string;
  onChange: (e: React.ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <>
      <input
        {...control}
        className={styles.input}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={onChange}
      />
      <datalist id={listId}>
        {options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
    </>
  );
}
