import { StaticImage } from "@/components/blog/static-image";
import { JsonLd } from "@/components/blog/json-ld";
import { KeywordList } from "@/components/blog/keyword-list";
import { ListingView, type ListingProps } from "@/components/blog/listing-page";
import styles from "@/components/blog/blog.module.css";
import { authorListing } from "@/lib/blog/listings";
import { personJsonLd } from "@/lib/blog/seo";

/** /authors/[id] and /authors/[id]/page/N: an author's profile and posts. */
export const AuthorView = (props: ListingProps) => (
  <ListingView
    {...props}
    listing={authorListing}
    parts={(author, { settings, t }) => ({
      before: <JsonLd data={personJsonLd(author, settings)} />,
      eyebrow: t("author.eyebrow"),
      title: author.name,
      picture: author.avatarUrl ? (
        <StaticImage
          src={author.avatarUrl}
          alt={t("author.portrait", { name: author.name })}
          width={96}
          height={96}
          className={styles.profileAvatar}
          loading="eager"
        />
      ) : null,
      after:
        author.keywords.length && props.page === 1 ? (
          <div className={styles.more}>
            <KeywordList
              keywords={author.keywords.slice(0, 12)}
              label={t("author.topics", { name: author.name })}
            />
          </div>
        ) : null,
      heading: t("author.heading", { name: author.name }),
    })}
  />
);
