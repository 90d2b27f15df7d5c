import { enAccount } from "./en-account";
import { enAdmin } from "./en-admin";

/*
 * The interface's words in English: the reference catalogue. Its keys are every phrase a reader
 * or an admin (the `admin.` keys) can meet; every other catalogue has exactly these keys (the type holds it) and a team may
 * override any of them in its site configuration (`messages`).
 *
 * A phrase is text with {placeholders}, or its plural forms ({ one, other, ... }, chosen by
 * Intl.PluralRules from `count`). A placeholder left unfilled by the caller is a slot a page
 * fills with markup (a date, a link).
 */
export const en = {
  "site.description": "Notes on building, writing and working together.",
  "site.skipToContent": "Skip to content",
  "site.titleSeparator": " · ",

  "nav.label": "Main",
  "nav.menu": "Menu",
  "nav.external": "(another site)",

  "search.header": "Search posts",
  "search.placeholder": "Search posts",
  "search.submit": "Search",
  "search.pageLabel": "Search the blog",
  "search.title": "Search",
  "search.metaTitle": "Search: {query}",
  "search.noResultsTitle": "No results for “{query}”",
  "search.resultsTitle": "Results for “{query}”",
  "search.newest": "Newest posts",
  "search.previous": "← Previous results",
  "search.next": "More results →",
  "search.rateLimited": {
    one: "You have searched many times in a short while. Try again in {count} second.",
    other: "You have searched many times in a short while. Try again in {count} seconds.",
  },
  "search.busy":
    "Search is busy right now, so yours was not run. Try again in a few seconds; the rest of the blog is available as usual.",
  "search.empty": {
    one: "Search the titles, descriptions, topics and authors of {count} post. Partial words and small typos are fine.",
    other:
      "Search the titles, descriptions, topics and authors of {count} posts. Partial words and small typos are fine.",
  },
  "search.tooLong":
    "Your search is {length} characters long; searches can be up to {max}. Try a few distinctive words.",
  "search.noMatch": "No posts match “{query}”. Check the spelling, or try fewer or more general words.",
  "search.matchesAll": { one: "{count} post matches.", other: "{count} posts match." },
  "search.matchesSome": {
    one: "{count} post matches some of your words (none matches all of them).",
    other: "{count} posts match some of your words (none matches all of them).",
  },
  "search.pageOf": "Page {page} of {pages}.",
  "search.dropped": "Only the first {max} words were searched.",
  "search.openSearch": "Search the posts of {site}",

  "footer.newsletter": "Newsletter",
  "footer.elsewhere": "Elsewhere",
  "footer.links": "Site",
  "footer.copyright": "© {year} {site}.",
  "footer.rss": "RSS feed",

  "home.eyebrow": "The team blog",
  "home.latest": "Latest posts",
  "home.allPosts": { one: "The only post →", other: "All {count} posts →" },
  "home.topics": "Topics",
  "blog.noPosts": "No posts yet. Check back soon.",

  "blog.title": "Blog",
  "blog.titlePage": "Blog, page {page}",
  "blog.lede": {
    one: "{count} post from {site}, newest first.",
    other: "{count} posts from {site}, newest first.",
  },
  "blog.description": "All posts from {site}, newest first.",
  "blog.descriptionPage": "Posts from {site}, page {page} of {pages}.",

  "pagination.label": "Pagination",
  "pagination.newer": "← Newer posts",
  "pagination.older": "Older posts →",
  "pagination.status": "Page {page} of {pages}",

  "post.published": "Published {date}",
  "post.authors": "Authors",
  "post.coverAlt": "Cover image for “{title}”",
  "post.readFull": "Read the full article",
  "post.summary":
    "This page is the post's summary. Read on below: its topics, its authors, the posts around it.",
  "post.topics": "Topics",
  "post.writtenBy": "Written by",
  "post.moreBy": "More posts by {name}",
  "post.related": "Related posts",
  "post.morePosts": "More posts",
  "post.metaDescription": "{title}, on {site}.",
  "post.placeholder": "No image",

  "listing.posts": { one: "{count} post", other: "{count} posts" },
  "listing.pageSuffix": ", page {page}",
  "topic.eyebrow": "Topic",
  "topic.heading": "Posts about {topic}",
  "topic.description": {
    one: "{count} post about {topic} on {site}{suffix}.",
    other: "{count} posts about {topic} on {site}{suffix}.",
  },
  "author.eyebrow": "Author",
  "author.unknown": "Unknown author",
  "author.heading": "Posts by {name}",
  "author.portrait": "Portrait of {name}",
  "author.topics": "Topics {name} writes about",
  "author.description": {
    one: "{count} post by {name} on {site}{suffix}.",
    other: "{count} posts by {name} on {site}{suffix}.",
  },
  "keywords.label": "Topics",

  "notFound.eyebrow": "Error 404",
  "notFound.title": "Page not found",
  "notFound.lede": "We could not find that page. It may have moved, or the link may be mistyped.",
  "notFound.browse": "Browse the blog",
  "notFound.next": "{browse} or {home}.",
  "notFound.home": "go to the home page",

  "newsletter.kicker": "Newsletter",
  "newsletter.metaTitle": "Newsletter",
  "newsletter.metaDescription":
    "Get every new post from the team by email: one short message per post, confirmed by you, unsubscribe any time.",
  "newsletter.title": "New posts, straight to your inbox",
  "newsletter.lede":
    "When the team publishes something on the {blog}, subscribers hear about it by email. Nothing else: no roundups padded with filler, and your address goes nowhere but this list.",
  "newsletter.ledeLink": "blog",
  "newsletter.how": "How it works",
  "newsletter.step1": "Enter your email address below.",
  "newsletter.step2": "We send you one confirmation email. Click its link so we know the address is yours.",
  "newsletter.step3": "From then on, new posts arrive by email. You can unsubscribe from any of them.",
  "newsletter.fineprint":
    "Your address is used only to send this newsletter and is never shared. No confirmation arrived? Check your spam folder, then try again: a new one is sent if the address is not subscribed yet.",
  "newsletter.thanksTitle": "Thank you",
  "newsletter.errorTitle": "You're not subscribed yet",
  "newsletter.readBlog": "Read the blog",
  "newsletter.tryAgain": "Try again",

  "form.title": "Get new posts by email",
  "form.label": "Email address",
  "form.labelPage": "Your email address",
  "form.hint": "One short email when something new is published. Unsubscribe from any email.",
  "form.placeholder": "name@example.com",
  "form.submit": "Subscribe",
  "form.sending": "Subscribing…",
  "form.trap": "Leave this field empty",
  "form.offline": "We couldn't reach the site. Check your connection and try again.",

  "outcome.subscribed":
    "Thanks. If this address isn't subscribed yet, a confirmation link is on its way to it: click it to confirm your subscription.",
  "outcome.queued":
    "Thanks. If this address isn't subscribed yet, a confirmation link will reach it within a few minutes: click it to confirm your subscription.",
  "outcome.recentlySent":
    "Thanks. If this address isn't subscribed yet, a confirmation link was sent to it a short while ago: look for it in your inbox (and your spam folder).",
  "outcome.unavailable":
    "Sorry, we couldn't subscribe you just now. Nothing was saved; please try again in a minute.",
  "outcome.busy":
    "We're receiving a lot of signups right now, so yours was not saved. Please try again in a minute.",
  "outcome.rateLimited": "That's a lot of attempts in a short time. Please wait a few minutes and try again.",
  "outcome.invalid.empty": "Enter your email address.",
  "outcome.invalid.tooLong": "That address is too long: email addresses have at most 254 characters.",
  "outcome.invalid.spaces": "Email addresses cannot contain spaces. Check for a stray space.",
  "outcome.invalid.missingAt": "An email address needs an @, like name@example.com.",
  "outcome.invalid.missingDomain": "Add the domain after the @, like name@example.com.",
  "outcome.invalid.shape":
    "That doesn't look like an email address. Check it for typos, like name@example.com.",
  "outcome.invalid.rejected": "The newsletter service did not accept that address. Check it for typos.",

  "feed.rss": "{site} (RSS)",
  "feed.atom": "{site} (Atom)",
  "feed.json": "{site} (JSON Feed)",
  "feed.copyright": "© {year} {site}",

  "front.busy.title": "The site is restarting or busy",
  "front.busy.lede": "Nothing is wrong with your connection. Please try again in a few seconds.",
  "front.tooMany.title": "Too many requests from your address",
  "front.tooMany.lede": "Please wait a few seconds and try again.",
  "front.tooLarge.title": "This request is too large",
  "front.tooLarge.lede": "Please go back and send less at once.",
  "front.tryAgain": "Try again",
  "newsletter.refused.method": "Subscribe with the newsletter form on this site.",
  "newsletter.refused.origin":
    "This form only accepts submissions from this site. Please use the form on the site itself.",
  "newsletter.refused.type":
    "The form was sent in a way this site does not accept. Please reload the page and try again.",
  "newsletter.refused.tooLarge":
    "That is too much for a newsletter subscription. Enter only your email address.",
  "newsletter.refused.unreadable": "The form could not be read. Please reload the page and try again.",
  ...enAdmin,
  ...enAccount,
} as const;
