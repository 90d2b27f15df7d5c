import { StaticImage } from "@/components/blog/static-image";
import { JsonLd } from "@/components/blog/json-ld";
import { KeywordList } from "@/components/blog/keyword-list";
import { ListingTitle, ListingView } from "@/components/blog/listing-page";
import styles from "@/components/blog/blog.module.css";
import { authorListing } from "@/lib/blog/listings";
import { personJsonLd } from "@/lib/blog/seo";
import { siteText } from "@/lib/config/text";

/** /authors/[id] and /authors/[id]/page/N: an author's profile and posts. */
export function AuthorView({ segment, page }: { segment: string; page: number }) {
  const t = siteText();
  return (
    <ListingView
      listing={authorListing}
      segment={segment}
      page={page}
      parts={(author, { settings }) => ({
        before: <JsonLd data={personJsonLd(author, settings)} />,
        header: (
          <>
            <div className={styles.profile}>
              {author.avatarUrl ? (
                <StaticImage
                  src={author.avatarUrl}
                  alt={t("author.portrait", { name: author.name })}
                  width={96}
                  height={96}
                  className={styles.profileAvatar}
                  loading="eager"
                />
              ) : null}
              <div>
                <ListingTitle
                  eyebrow={t("author.eyebrow")}
                  title={author.name}
                  postCount={author.postCount}
                  page={page}
                />
              </div>
            </div>
            {author.keywords.length && page === 1 ? (
              <div className={styles.more}>
                <KeywordList
                  keywords={author.keywords.slice(0, 12)}
                  label={t("author.topics", { name: author.name })}
                />
              </div>
            ) : null}
          </>
        ),
        heading: t("author.heading", { name: author.name }),
      })}
    />
  );
}
