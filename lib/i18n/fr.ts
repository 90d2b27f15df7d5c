import { frAccount } from "./fr-account";
import { frAdmin } from "./fr-admin";
import type { Catalogue } from "./catalogue";

/** Les mots de l'interface en français (les clés et les règles : en.ts). */
export const fr: Catalogue = {
  "site.description": "Notes sur la construction, l'écriture et le travail en équipe.",
  "site.skipToContent": "Aller au contenu",
  "site.titleSeparator": " · ",

  "nav.label": "Principale",
  "nav.menu": "Menu",
  "nav.external": "(autre site)",

  "search.header": "Rechercher des articles",
  "search.placeholder": "Rechercher",
  "search.submit": "Rechercher",
  "search.pageLabel": "Rechercher dans le blog",
  "search.title": "Recherche",
  "search.metaTitle": "Recherche : {query}",
  "search.noResultsTitle": "Aucun résultat pour « {query} »",
  "search.resultsTitle": "Résultats pour « {query} »",
  "search.newest": "Articles les plus récents",
  "search.previous": "← Résultats précédents",
  "search.next": "Résultats suivants →",
  "search.rateLimited": {
    one: "Vous avez lancé beaucoup de recherches en peu de temps. Réessayez dans {count} seconde.",
    other: "Vous avez lancé beaucoup de recherches en peu de temps. Réessayez dans {count} secondes.",
  },
  "search.busy":
    "La recherche est très sollicitée en ce moment : la vôtre n'a pas été lancée. Réessayez dans quelques secondes ; le reste du blog reste accessible.",
  "search.empty": {
    one: "Cherchez dans les titres, résumés, thèmes et auteurs de {count} article. Les mots partiels et les petites fautes de frappe sont acceptés.",
    other:
      "Cherchez dans les titres, résumés, thèmes et auteurs de {count} articles. Les mots partiels et les petites fautes de frappe sont acceptés.",
  },
  "search.tooLong":
    "Votre recherche compte {length} caractères ; elle peut en compter {max} au plus. Essayez quelques mots distinctifs.",
  "search.noMatch":
    "Aucun article ne correspond à « {query} ». Vérifiez l'orthographe, ou essayez des mots moins nombreux ou plus généraux.",
  "search.matchesAll": {
    one: "{count} article correspond.",
    other: "{count} articles correspondent.",
  },
  "search.matchesSome": {
    one: "{count} article correspond à certains de vos mots (aucun ne les contient tous).",
    other: "{count} articles correspondent à certains de vos mots (aucun ne les contient tous).",
  },
  "search.pageOf": "Page {page} sur {pages}.",
  "search.dropped": "Seuls les {max} premiers mots ont été recherchés.",
  "search.openSearch": "Rechercher dans les articles de {site}",

  "footer.newsletter": "Lettre d'information",
  "footer.elsewhere": "Ailleurs",
  "footer.links": "Le site",
  "footer.copyright": "© {year} {site}.",
  "footer.rss": "Flux RSS",

  "home.eyebrow": "Le blog de l'équipe",
  "home.latest": "Derniers articles",
  "home.allPosts": { one: "Le seul article →", other: "Les {count} articles →" },
  "home.topics": "Thèmes",
  "blog.noPosts": "Pas encore d'article. Revenez bientôt.",

  "blog.title": "Blog",
  "blog.titlePage": "Blog, page {page}",
  "blog.lede": {
    one: "{count} article de {site}, du plus récent au plus ancien.",
    other: "{count} articles de {site}, du plus récent au plus ancien.",
  },
  "blog.description": "Tous les articles de {site}, du plus récent au plus ancien.",
  "blog.descriptionPage": "Articles de {site}, page {page} sur {pages}.",

  "pagination.label": "Pagination",
  "pagination.newer": "← Articles plus récents",
  "pagination.older": "Articles plus anciens →",
  "pagination.status": "Page {page} sur {pages}",

  "post.published": "Publié le {date}",
  "post.authors": "Auteurs",
  "post.coverAlt": "Image de couverture de « {title} »",
  "post.readFull": "Lire l'article complet",
  "post.summary":
    "Cette page est le résumé de l'article. La suite est ci-dessous : ses thèmes, ses auteurs, les articles voisins.",
  "post.topics": "Thèmes",
  "post.writtenBy": "Écrit par",
  "post.moreBy": "Plus d'articles de {name}",
  "post.related": "Articles liés",
  "post.morePosts": "Autres articles",
  "post.metaDescription": "{title}, sur {site}.",
  "post.placeholder": "Pas d'image",

  "listing.posts": { one: "{count} article", other: "{count} articles" },
  "listing.pageSuffix": ", page {page}",
  "topic.eyebrow": "Thème",
  "topic.heading": "Articles sur {topic}",
  "topic.description": {
    one: "{count} article sur {topic} dans {site}{suffix}.",
    other: "{count} articles sur {topic} dans {site}{suffix}.",
  },
  "author.eyebrow": "Auteur",
  "author.unknown": "Auteur inconnu",
  "author.heading": "Articles de {name}",
  "author.portrait": "Portrait de {name}",
  "author.topics": "Les thèmes de {name}",
  "author.description": {
    one: "{count} article de {name} dans {site}{suffix}.",
    other: "{count} articles de {name} dans {site}{suffix}.",
  },
  "keywords.label": "Thèmes",

  "notFound.eyebrow": "Erreur 404",
  "notFound.title": "Page introuvable",
  "notFound.lede":
    "Nous n'avons pas trouvé cette page. Elle a peut-être été déplacée, ou le lien contient une faute de frappe.",
  "notFound.browse": "Parcourir le blog",
  "notFound.next": "{browse} ou {home}.",
  "notFound.home": "revenir à l'accueil",

  "newsletter.kicker": "Lettre d'information",
  "newsletter.metaTitle": "Lettre d'information",
  "newsletter.metaDescription":
    "Recevez chaque nouvel article de l'équipe par e-mail : un court message par article, confirmé par vous, désinscription à tout moment.",
  "newsletter.title": "Les nouveaux articles, directement dans votre boîte",
  "newsletter.lede":
    "Quand l'équipe publie sur le {blog}, les abonnés en sont informés par e-mail. Rien d'autre : pas de récapitulatifs remplis pour la forme, et votre adresse ne sert qu'à cette liste.",
  "newsletter.ledeLink": "blog",
  "newsletter.how": "Comment ça marche",
  "newsletter.step1": "Saisissez votre adresse e-mail ci-dessous.",
  "newsletter.step2":
    "Nous vous envoyons un e-mail de confirmation. Cliquez sur son lien pour confirmer que l'adresse est la vôtre.",
  "newsletter.step3":
    "Ensuite, les nouveaux articles arrivent par e-mail. Chaque message permet de se désinscrire.",
  "newsletter.fineprint":
    "Votre adresse ne sert qu'à envoyer cette lettre et n'est jamais partagée. Pas de confirmation reçue ? Regardez dans vos indésirables, puis réessayez : une nouvelle est envoyée si l'adresse n'est pas encore inscrite.",
  "newsletter.thanksTitle": "Merci",
  "newsletter.errorTitle": "Vous n'êtes pas encore inscrit",
  "newsletter.readBlog": "Lire le blog",
  "newsletter.tryAgain": "Réessayer",

  "form.title": "Recevoir les nouveaux articles par e-mail",
  "form.label": "Adresse e-mail",
  "form.labelPage": "Votre adresse e-mail",
  "form.hint": "Un court e-mail à chaque nouvelle publication. Désinscription depuis n'importe quel message.",
  "form.placeholder": "nom@exemple.fr",
  "form.submit": "S'inscrire",
  "form.sending": "Inscription…",
  "form.trap": "Laissez ce champ vide",
  "form.offline": "Impossible de joindre le site. Vérifiez votre connexion et réessayez.",

  "outcome.subscribed":
    "Merci. Si cette adresse n'est pas encore inscrite, un lien de confirmation est en route : cliquez dessus pour confirmer votre inscription.",
  "outcome.queued":
    "Merci. Si cette adresse n'est pas encore inscrite, un lien de confirmation lui parviendra d'ici quelques minutes : cliquez dessus pour confirmer votre inscription.",
  "outcome.recentlySent":
    "Merci. Si cette adresse n'est pas encore inscrite, un lien de confirmation lui a été envoyé il y a peu : cherchez-le dans votre boîte de réception (et vos indésirables).",
  "outcome.unavailable":
    "Désolés, l'inscription n'a pas pu se faire pour l'instant. Rien n'a été enregistré ; réessayez dans une minute.",
  "outcome.busy":
    "Nous recevons beaucoup d'inscriptions en ce moment : la vôtre n'a pas été enregistrée. Réessayez dans une minute.",
  "outcome.rateLimited":
    "Beaucoup de tentatives en peu de temps. Patientez quelques minutes, puis réessayez.",
  "outcome.invalid.empty": "Saisissez votre adresse e-mail.",
  "outcome.invalid.tooLong":
    "Cette adresse est trop longue : une adresse e-mail compte au plus 254 caractères.",
  "outcome.invalid.spaces": "Une adresse e-mail ne contient pas d'espace. Vérifiez qu'il n'en traîne pas un.",
  "outcome.invalid.missingAt": "Une adresse e-mail contient un @, comme nom@exemple.fr.",
  "outcome.invalid.missingDomain": "Ajoutez le domaine après le @, comme nom@exemple.fr.",
  "outcome.invalid.shape":
    "Cela ne ressemble pas à une adresse e-mail. Vérifiez qu'il n'y a pas de faute, comme nom@exemple.fr.",
  "outcome.invalid.rejected":
    "Le service d'envoi n'a pas accepté cette adresse. Vérifiez qu'il n'y a pas de faute.",

  "feed.rss": "{site} (RSS)",
  "feed.atom": "{site} (Atom)",
  "feed.json": "{site} (JSON Feed)",
  "feed.copyright": "© {year} {site}",

  "front.busy.title": "Le site redémarre ou est très sollicité",
  "front.busy.lede": "Votre connexion n'y est pour rien. Veuillez réessayer dans quelques secondes.",
  "front.tooMany.title": "Trop de requêtes depuis votre adresse",
  "front.tooMany.lede": "Veuillez patienter quelques secondes, puis réessayer.",
  "front.tooLarge.title": "Cette requête est trop volumineuse",
  "front.tooLarge.lede": "Veuillez revenir en arrière et envoyer moins de données à la fois.",
  "front.tryAgain": "Réessayer",
  "newsletter.refused.method": "Abonnez-vous avec le formulaire de la lettre d'information de ce site.",
  "newsletter.refused.origin":
    "Ce formulaire n'accepte que les envois depuis ce site. Veuillez utiliser le formulaire du site lui-même.",
  "newsletter.refused.type":
    "Le formulaire a été envoyé sous une forme que ce site n'accepte pas. Veuillez recharger la page et réessayer.",
  "newsletter.refused.tooLarge":
    "C'est trop pour un abonnement à la lettre d'information. Saisissez seulement votre adresse e-mail.",
  "newsletter.refused.unreadable":
    "Le formulaire n'a pas pu être lu. Veuillez recharger la page et réessayer.",
  ...frAdmin,
  ...frAccount,
};
