import { siteText } from "@/lib/config/text";
import { MAX_QUERY_CHARS } from "@/lib/search/query";
import styles from "./search.module.css";

/** A plain GET form to /search, no client code; `label` names the landmark and the field, telling the forms apart. */
export function SearchForm({
  id,
  label,
  defaultValue,
  variant = "header",
}: {
  id: string;
  label: string;
  defaultValue?: string;
  variant?: "header" | "page";
}) {
  const t = siteText();
  return (
    <form role="search" action="/search" method="get" aria-label={label} className={styles[variant]}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder={t("search.placeholder")}
        maxLength={MAX_QUERY_CHARS}
        autoComplete="off"
        className={styles.input}
      />
      <button type="submit" className={styles.submit}>
        {t("search.submit")}
      </button>
    </form>
  );
}
