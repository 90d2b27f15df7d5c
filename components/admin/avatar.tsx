import Image from "next/image";
import styles from "./members.module.css";

/** The member's picture through Next's image optimizer (the CSP allows only same-origin images), or initials. */
export function Avatar({ url, name, large }: { url: string | null; name: string; large?: boolean }) {
  const size = large ? 64 : 32;
  const cls = large ? `${styles.avatar} ${styles.avatarLarge}` : styles.avatar;
  if (url) return <Image src={url} alt="" width={size} height={size} className={cls} />;
  const initials =
    name
      .split(/[\s@.]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase())
      .join("") || "?";
  return (
    <span className={large ? `${styles.initials} ${styles.avatarLarge}` : styles.initials} aria-hidden="true">
      {initials}
    </span>
  );
}
