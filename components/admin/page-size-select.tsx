"use client";

import styles from "./admin.module.css";

/** Page size choice: submits its form on change (the form's button does the same without JavaScript). */
export function PageSizeSelect({
  value,
  sizes,
  label,
}: {
  value: number;
  sizes: readonly number[];
  label: string;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor="list-page-size">{label}</label>
      <select
        id="list-page-size"
        name="pageSize"
        className={styles.select}
        defaultValue={String(value)}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
      >
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}
