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

  "admin.title": "Administration",
  "admin.signedInAs": "Connecté en tant que",
  "admin.signOut": "Se déconnecter",
  "admin.nav.invite": "Inviter",
  "admin.nav.account": "Compte",
  "admin.field.name": "Nom",
  "admin.field.email": "E-mail",
  "admin.field.role": "Rôle",
  "admin.field.timeZone": "Fuseau horaire",
  "admin.confirm.working": "En cours…",
  "admin.confirm.cancel": "Annuler",
  "admin.api.offline": "Le site n’a pas pu être joint. Vérifiez votre connexion et réessayez.",
  "admin.api.expired":
    "Votre session a expiré. Reconnectez-vous (vos modifications sur cette page sont conservées tant que vous ne la quittez pas).",
  "admin.api.failed": "La requête a échoué (statut {status}). Réessayez.",

  "admin.login.title": "Connexion",
  "admin.login.lede": "Administration de {site} : gérez l’équipe de votre espace de travail.",
  "admin.login.reauth":
    "Confirmez votre identité : reconnectez-vous pour changer votre façon de vous connecter.",
  "admin.login.signedOutEverywhere": "Vous êtes déconnecté partout.",
  "admin.login.signedOut": "Vous êtes déconnecté.",
  "admin.login.signingInAs": "Connexion en tant que {email}.",
  "admin.login.code": "Code d’authentification",
  "admin.login.codeHint":
    "Le code à 6 chiffres que votre application d’authentification affiche pour {issuer}, ou l’un de vos codes de récupération.",
  "admin.login.checking": "Vérification…",
  "admin.login.verify": "Vérifier",
  "admin.login.wrongAccount": "Mauvais compte, ou pas d’application d’authentification pour ce compte ?",
  "admin.login.startOver": "Recommencer",
  "admin.login.password": "Mot de passe",
  "admin.login.signingIn": "Connexion…",
  "admin.login.submit": "Se connecter",
  "admin.login.invalid": "E-mail ou mot de passe incorrect",
  "admin.login.invalidCode":
    "E-mail, mot de passe ou code d’authentification incorrect. Saisissez-les de nouveau.",
  "admin.login.expired":
    "La connexion n’a pas été terminée dans les 5 minutes. Saisissez de nouveau votre e-mail et votre mot de passe.",
  "admin.login.workspaceUnreachable":
    "L’espace de travail est injoignable : impossible de confirmer que vous en êtes un administrateur actif, donc de vous connecter pour l’instant. Réessayez dans une minute.",
  "admin.login.unreadable": "La demande de connexion n’a pas pu être lue.",
  "admin.login.unsupportedType": "Envoyez le formulaire de connexion en JSON ou comme formulaire.",
  "admin.login.busy": "La connexion est très sollicitée en ce moment. Réessayez dans un instant.",
  "admin.login.rateLimited": {
    one: "Trop de tentatives de connexion échouées. Réessayez dans {count} minute.",
    other: "Trop de tentatives de connexion échouées. Réessayez dans {count} minutes.",
  },
  "admin.login.rateLimitedFew": "Trop de tentatives de connexion échouées. Réessayez dans quelques minutes.",

  "admin.access.noLongerAdmin":
    "Votre compte n’est plus administrateur actif de l’espace de travail : vous avez été déconnecté. S’il s’agit d’une erreur, demandez à un administrateur de l’espace de travail de vous réactiver ou de vous rendre un rôle d’administrateur.",
  "admin.access.notMember":
    "Votre adresse e-mail n’appartient à aucun membre de l’espace de travail : elle ne peut pas se connecter ici. Demandez à un administrateur de l’espace de travail de vous ajouter à l’équipe.",
  "admin.access.inactive":
    "Votre compte est désactivé dans l’espace de travail : il ne peut pas se connecter ici. Demandez à un administrateur de l’espace de travail de vous réactiver.",
  "admin.access.notAdminRole":
    "Votre compte n’est pas administrateur dans l’espace de travail : son rôle n’est pas de ceux qui peuvent utiliser cette administration (ADMIN_ROLES). Demandez à un administrateur de l’espace de travail de vous donner un rôle d’administrateur.",
  "admin.access.unverified":
    "L’espace de travail n’a pas pu confirmer que vous êtes toujours administrateur actif : vous avez été déconnecté. Reconnectez-vous quand l’espace de travail sera joignable.",
  "admin.access.signedOut":
    "Votre session est terminée : vous vous êtes déconnecté partout, ou la clé d’accès ou le mot de passe qui l’a ouverte ne vous connecte plus. Reconnectez-vous.",

  "admin.http.notSignedIn": "Vous n’êtes pas connecté, ou votre session a expiré. Reconnectez-vous.",
  "admin.http.crossOrigin": "Cette requête ne venait pas de ce site : elle a été refusée.",
  "admin.http.tooLarge": "La requête est trop volumineuse.",
  "admin.http.unsupportedType": "Envoyez la requête en JSON (Content-Type: application/json).",
  "admin.http.unreadable": "Le contenu de la requête n’a pas pu être lu.",
  "admin.http.malformed": "Le contenu de la requête n’est pas du JSON valide.",
  "admin.http.reauth":
    "Pour changer votre façon de vous connecter, confirmez votre identité : reconnectez-vous (avec une clé d’accès, ou avec votre mot de passe et votre code). La connexion doit dater de moins de {minutes} minutes.",
  "admin.http.writeUnverified":
    "L’espace de travail n’a pas pu confirmer que vous êtes toujours administrateur actif : rien n’a été modifié. Réessayez dans une minute.",

  "admin.error.lastAdmin":
    "C’est le dernier administrateur actif de l’espace de travail : il ne peut être ni retiré, ni désactivé, ni rétrogradé. Faites d’abord d’un autre membre un administrateur actif.",
  "admin.error.notFound":
    "Ce membre n’existe plus dans l’espace de travail (quelqu’un l’a peut-être déjà retiré). Rechargez la liste.",
  "admin.error.unauthorized":
    "L’espace de travail a refusé la clé d’API de ce site. Vérifiez WORKSPACE_API_KEY dans la configuration du site.",
  "admin.error.rateLimited": {
    one: "L’espace de travail reçoit trop de requêtes. Réessayez dans {count} seconde.",
    other: "L’espace de travail reçoit trop de requêtes. Réessayez dans {count} secondes.",
  },
  "admin.error.rateLimitedMoment": "L’espace de travail reçoit trop de requêtes. Réessayez dans un instant.",
  "admin.error.unavailable":
    "L’espace de travail est en panne ou indisponible en ce moment. Réessayez dans une minute.",
  "admin.error.timeout":
    "L’espace de travail n’a pas répondu à temps. La modification a peut-être été appliquée, peut-être pas : rechargez la page pour vérifier avant de réessayer.",
  "admin.error.unreachable":
    "L’espace de travail est injoignable pour l’instant. Rien n’a été modifié ; réessayez dans une minute.",
  "admin.error.badResponse":
    "L’espace de travail a envoyé une réponse que ce site n’a pas pu lire. Rechargez la page pour vérifier si la modification a été appliquée.",
  "admin.error.notAcceptable":
    "L’espace de travail a refusé le format de la requête de ce site. C’est un bogue du logiciel du site ; merci de le signaler.",
  "admin.error.httpError":
    "L’espace de travail a répondu par une erreur inattendue (statut {status}). Réessayez plus tard.",
  "admin.error.unknownRole":
    "L’espace de travail n’a pas de rôle nommé « {role} ». Les rôles tiennent compte des majuscules : vérifiez l’orthographe.",
  "admin.error.invalidTimeZone":
    "« {zone} » n’est pas un fuseau horaire accepté par l’espace de travail. Choisissez-en un dans la liste, par exemple Europe/Paris.",
  "admin.error.refused": "L’espace de travail a refusé la modification : {detail}",
  "admin.error.noReason": "sans en donner la raison.",
  "admin.error.internal":
    "Une erreur s’est produite sur ce site. Réessayez, et signalez-la si elle se reproduit.",

  "admin.valid.email": "Saisissez une adresse e-mail valide.",
  "admin.valid.emailTooLong": "Cette adresse e-mail est trop longue.",
  "admin.valid.memberId": "Ce n’est pas un identifiant de membre.",
  "admin.valid.role": "Saisissez un rôle, par exemple Standard.",
  "admin.valid.roleTooLong": "Ce nom de rôle est trop long.",
  "admin.valid.timeZone": "Choisissez un fuseau horaire valide dans la liste, par exemple Europe/Paris.",
  "admin.valid.nameTooLong": "Les noms comptent au plus {max} caractères.",
  "admin.valid.nothingToChange": "Rien à modifier.",
  "admin.valid.noEmails": "Saisissez au moins une adresse e-mail.",
  "admin.valid.tooManyInvites": "Invitez au plus {max} personnes à la fois.",
  "admin.valid.invalidEmails": {
    one: "Cette adresse n’est pas valide : {emails}",
    other: "Ces adresses ne sont pas valides : {emails}",
  },
  "admin.valid.noneSelected": "Sélectionnez au moins un membre.",
  "admin.valid.tooManySelected": "Sélectionnez au plus {max} membres à la fois.",
  "admin.valid.passkeyName": "Donnez un nom à la clé d’accès.",
  "admin.valid.passkeyNameTooLong": "Le nom d’une clé d’accès compte au plus {max} caractères.",
  "admin.valid.request": "La requête n’est pas valide.",

  "admin.own.remove":
    "Vous ne pouvez pas vous retirer vous-même : vous perdriez aussitôt l’accès à cette administration. Demandez-le à un autre administrateur.",
  "admin.own.deactivate":
    "Vous ne pouvez pas vous désactiver vous-même : vous perdriez aussitôt l’accès à cette administration. Demandez-le à un autre administrateur.",
  "admin.own.reactivate":
    "Vous ne pouvez pas vous réactiver vous-même : c’est à un autre administrateur, ou à l’espace de travail, de décider si vous êtes un membre actif.",
  "admin.own.demote":
    "Vous ne pouvez pas changer votre propre rôle en « {role} » : seuls {roles} peuvent utiliser cette administration, vous perdriez donc aussitôt l’accès. Demandez-le à un autre administrateur.",
  "admin.own.role":
    "Vous ne pouvez pas changer votre propre rôle : votre accès dépend d’un autre administrateur, ou de l’espace de travail.",
  "admin.own.email":
    "Vous ne pouvez pas changer votre propre adresse e-mail ici : votre connexion (ADMIN_USERS) y est liée. Demandez-le à un autre administrateur, et mettez à jour ADMIN_USERS en même temps.",
  "admin.own.invite":
    "Vous ne pouvez pas vous inviter vous-même : votre accès dépend d’un autre administrateur, ou de l’espace de travail. Retirez votre propre adresse de la liste.",

  "admin.dashboard.title": "Tableau de bord",
  "admin.dashboard.problem": "Certains chiffres n’ont pas pu être chargés. {problem}",
  "admin.dashboard.workspaceGlance": "L’espace de travail en un coup d’œil",
  "admin.dashboard.members": "Membres de l’équipe",
  "admin.dashboard.activeMembers": "Membres actifs",
  "admin.dashboard.posts": "Articles du blog",
  "admin.dashboard.blog": "Blog",
  "admin.dashboard.blogLede":
    "Le blog public est régénéré à partir de l’espace de travail à intervalles réguliers. Actualisez-le maintenant après avoir publié ou modifié un article.",
  "admin.dashboard.newsletter": "Inscriptions à la newsletter",
  "admin.dashboard.newsletterLede":
    "Chaque inscription est conservée, puis envoyée à l’espace de travail ; celle qu’il ne peut pas prendre tout de suite (en panne, lent ou surchargé) attend et est réessayée. Une inscription n’échoue que si l’espace de travail refuse son adresse ou si elle attend au-delà de la durée maximale.",
  "admin.dashboard.storeDown": "Le stockage des inscriptions était injoignable : ces chiffres sont inconnus.",
  "admin.dashboard.team": "Équipe",
  "admin.dashboard.manageMembers": "Gérer les membres",
  "admin.dashboard.invitePeople": "Inviter des personnes",
  "admin.dashboard.newsletterGlance": "La newsletter en un coup d’œil",
  "admin.dashboard.signups": "Inscriptions",
  "admin.dashboard.last24h": "Dernières 24 heures",
  "admin.dashboard.last7d": "7 derniers jours",
  "admin.dashboard.accepted": "Acceptées",
  "admin.dashboard.sentAtOnce": "Envoyées aussitôt",
  "admin.dashboard.queued": "Mises en attente, envoyées plus tard",
  "admin.dashboard.delivered": "Remises",
  "admin.dashboard.failed": "Échouées",
  "admin.dashboard.delivery": "Remise de la newsletter",
  "admin.dashboard.waiting": "En attente de remise",
  "admin.dashboard.oldest": "Plus ancienne inscription en attente",
  "admin.dashboard.rejected": "Refusée par l’espace de travail",
  "admin.dashboard.expired": "Attente au-delà de la durée maximale",
  "admin.age.underAMinute": "moins d’une minute",
  "admin.age.minutes": "{minutes} min",
  "admin.age.hours": "{hours} h {minutes} min",
  "admin.age.days": "{days} j {hours} h",

  "admin.refresh.button": "Actualiser le blog",
  "admin.refresh.busy": "Actualisation…",
  "admin.refresh.done":
    "Actualisation du blog demandée le {when}. Les pages affichent les derniers articles quelques secondes après leur prochaine visite.",
  "admin.refresh.failed": "Le blog n’a pas pu être actualisé. Réessayez dans une minute.",
  "admin.refresh.partial":
    "Le blog s’actualise sur ce serveur, mais le cache partagé (Redis) est injoignable : d’autres serveurs peuvent continuer à montrer les anciens articles jusqu’à son retour. Réessayez dans une minute pour que chaque serveur soit à jour.",

  "admin.failed.retryAll": "Réessayer les échecs",
  "admin.failed.discardAll": "Abandonner les échecs",
  "admin.failed.caption": "Inscriptions échouées",
  "admin.failed.newest": {
    one: "Les {shown} plus récentes sur {count} inscription",
    other: "Les {shown} plus récentes sur {count} inscriptions",
  },
  "admin.failed.address": "Adresse",
  "admin.failed.reason": "Motif",
  "admin.failed.when": "Échec le",
  "admin.failed.actions": "Actions",
  "admin.failed.retry": "Réessayer",
  "admin.failed.retryOne": "Réessayer {address}",
  "admin.failed.discard": "Abandonner",
  "admin.failed.discardOne": "Abandonner {address}",
  "admin.failed.retried": {
    one: "{count} inscription remise en attente ; elle sera remise sous peu.",
    other: "{count} inscriptions remises en attente ; elles seront remises sous peu.",
  },
  "admin.failed.discarded": {
    one: "{count} inscription abandonnée ; son adresse a été supprimée.",
    other: "{count} inscriptions abandonnées ; leurs adresses ont été supprimées.",
  },
  "admin.failed.confirmTitle": "Abandonner les inscriptions échouées ?",
  "admin.failed.confirmOne": "{address} sera supprimée et jamais remise. Le lecteur n’en est pas informé.",
  "admin.failed.confirmAll": {
    one: "{count} inscription sera supprimée avec son adresse et jamais remise. Le lecteur n’en est pas informé.",
    other:
      "{count} inscriptions seront supprimées avec leurs adresses et jamais remises. Les lecteurs n’en sont pas informés.",
  },
  "admin.failed.storeDown":
    "Le stockage des inscriptions était injoignable : rien n’a été modifié. Réessayez dans une minute.",

  "admin.members.title": "Membres",
  "admin.members.back": "← Tous les membres",
  "admin.members.removed": "{name} a été retiré de l’espace de travail.",
  "admin.members.search": "Rechercher des membres",
  "admin.members.searchLabel": "Rechercher par nom ou par e-mail",
  "admin.members.show": "Afficher",
  "admin.members.all": "Tous les membres",
  "admin.members.activeOnly": "Actifs seulement",
  "admin.members.inactiveOnly": "Inactifs seulement",
  "admin.members.perPage": "Par page",
  "admin.members.apply": "Appliquer",
  "admin.members.clear": "Effacer la recherche",
  "admin.members.problem": "La liste des membres n’a pas pu être chargée. {problem}",
  "admin.members.noMatch": "Aucun membre ne correspond à cette recherche.",
  "admin.members.none": "L’espace de travail n’a pas encore de membres.",
  "admin.members.count": {
    one: "{count} membre · page {page} sur {pages}",
    other: "{count} membres · page {page} sur {pages}",
  },
  "admin.members.countMatching": {
    one: "{count} membre correspondant · page {page} sur {pages}",
    other: "{count} membres correspondants · page {page} sur {pages}",
  },
  "admin.members.truncated": "(l’espace de travail est très grand ; la recherche n’en couvre que le début)",
  "admin.members.caption": "Membres de l’équipe, page {page} sur {pages}",
  "admin.members.pastEnd": "Cette page se trouve après la fin de la liste.",
  "admin.members.firstPage": "Aller à la première page",
  "admin.members.pages": "Pages",
  "admin.members.previous": "← Précédente",
  "admin.members.next": "Suivante →",
  "admin.members.page": "Page {page}",

  "admin.bulk.label": "Actions groupées",
  "admin.bulk.hint": "Sélectionnez des membres pour agir sur plusieurs à la fois.",
  "admin.bulk.selected": { one: "{count} sélectionné", other: "{count} sélectionnés" },
  "admin.bulk.deactivateSelected": "Désactiver la sélection",
  "admin.bulk.removeSelected": "Retirer la sélection",
  "admin.bulk.clear": "Effacer la sélection",
  "admin.bulk.selectAll": "Sélectionner tous les membres de cette page",
  "admin.bulk.select": "Sélectionner {name}",
  "admin.bulk.removeDone": "{done} sur {count} retirés.",
  "admin.bulk.deactivateDone": "{done} sur {count} désactivés.",
  "admin.bulk.removeOk": "retiré",
  "admin.bulk.deactivateOk": "désactivé",
  "admin.bulk.removeTitle": { one: "Retirer {count} membre ?", other: "Retirer {count} membres ?" },
  "admin.bulk.deactivateTitle": { one: "Désactiver {count} membre ?", other: "Désactiver {count} membres ?" },
  "admin.bulk.removeConfirm": { one: "Retirer le membre", other: "Retirer les membres" },
  "admin.bulk.deactivateConfirm": { one: "Désactiver le membre", other: "Désactiver les membres" },
  "admin.bulk.removeWarning":
    "Ces personnes seront retirées de l’espace de travail. C’est irréversible (elles pourront être invitées de nouveau).",
  "admin.bulk.deactivateWarning": "Ces personnes seront désactivées. Vous pourrez les réactiver plus tard.",
  "admin.bulk.notProcessed": "Non traité.",

  "admin.invite.title": "Inviter des membres",
  "admin.invite.emails": "Adresses e-mail",
  "admin.invite.emailsHint": "Une ou plusieurs, séparées par des virgules ou des retours à la ligne.",
  "admin.invite.notValid": "Non valides : {emails}",
  "admin.invite.roleHint": "Tient compte des majuscules. Par défaut : Standard.",
  "admin.invite.invitedBy": "Invité par",
  "admin.invite.invitedByHint":
    "Un administrateur de l’espace de travail. Laissez vide pour la valeur par défaut de l’espace de travail (son administrateur le plus récent).",
  "admin.invite.send": "Envoyer l’e-mail d’invitation",
  "admin.invite.busy": "Invitation…",
  "admin.invite.submit": "Envoyer les invitations",
  "admin.invite.done": {
    one: "{count} membre ajouté à l’équipe ({emails})",
    other: "{count} membres ajoutés à l’équipe ({emails})",
  },

  "admin.member.title": "Membre",
  "admin.member.noSuchAddress":
    "Il n’y a pas de membre à cette adresse. Revenez à la liste et choisissez-en un.",
  "admin.member.status": "Statut",
  "admin.member.active": "Actif",
  "admin.member.inactive": "Inactif",
  "admin.member.isActive": "{name} : {state}",
  "admin.member.isInactive": "{name} : {state}, ne peut pas se connecter à l’espace de travail.",
  "admin.member.deactivate": "Désactiver",
  "admin.member.reactivate": "Réactiver",
  "admin.member.reactivated": "{name} est de nouveau actif.",
  "admin.member.deactivated": "{name} est désormais inactif.",
  "admin.details.title": "Informations",
  "admin.details.firstName": "Prénom",
  "admin.details.lastName": "Nom de famille",
  "admin.details.timeZoneHint": "Tapez pour chercher, par exemple « Paris » ou « America/ ».",
  "admin.details.roleHint":
    "Tient compte des majuscules. Choisissez un rôle utilisé par l’espace de travail ou saisissez-en un autre.",
  "admin.details.saving": "Enregistrement…",
  "admin.details.save": "Enregistrer les modifications",
  "admin.details.discard": "Annuler les modifications",
  "admin.details.nothing": "Rien à enregistrer : aucun champ n’a été modifié.",
  "admin.details.saved": "Modifications enregistrées.",
  "admin.removal.title": "Retirer de l’espace de travail",
  "admin.removal.lede":
    "Retire définitivement {name} de l’espace de travail. Une nouvelle invitation reste possible plus tard.",
  "admin.removal.button": "Retirer le membre…",
  "admin.removal.confirmTitle": "Retirer {name} ?",
  "admin.removal.confirm": "Retirer {name}",
  "admin.removal.warning": "{name} ({email}) sera retiré de l’espace de travail. C’est irréversible.",

  "admin.account.title": "Votre compte",
  "admin.account.signedInAs": "Connecté en tant que {email}.",
  "admin.account.passkeys": "Clés d’accès",
  "admin.account.passkeysLede":
    "Une clé d’accès vous connecte avec le verrouillage d’écran de votre appareil ou une clé de sécurité : rien à taper, et elle ne fonctionne que sur ce site, elle ne peut donc pas être hameçonnée. Le site ne conserve que sa clé publique.",
  "admin.account.sessions": "Sessions",
  "admin.account.sessionsLede":
    "Vous déconnecte de chaque navigateur et appareil, celui-ci compris : utile si vous avez perdu un appareil ou êtes resté connecté quelque part.",
  "admin.account.everywhere": "Se déconnecter partout",

  "admin.passkeys.never": "jamais",
  "admin.passkeys.history": "Ajoutée le {added} · dernière utilisation : {used}",
  "admin.passkeys.historySynced": "Ajoutée le {added} · dernière utilisation : {used} · synchronisée",
  "admin.passkeys.added": "Clé d’accès ajoutée sous le nom « {name} ».",
  "admin.passkeys.renamed": "Renommée en « {name} ».",
  "admin.passkeys.removed": "« {name} » supprimée.",
  "admin.passkeys.removedPasswordBack": "« {name} » supprimée. Votre mot de passe vous connecte de nouveau.",
  "admin.passkeys.passwordOff": "Votre mot de passe ne vous connecte plus : utilisez une clé d’accès.",
  "admin.passkeys.passwordOn": "Votre mot de passe vous connecte de nouveau.",
  "admin.passkeys.none": "Vous n’avez pas encore de clé d’accès.",
  "admin.passkeys.list": "Vos clés d’accès",
  "admin.passkeys.remove": "Supprimer",
  "admin.passkeys.removeOne": "Supprimer {name}",
  "admin.passkeys.unsupported": "Ce navigateur ne peut pas créer de clé d’accès.",
  "admin.passkeys.waiting": "En attente de votre appareil…",
  "admin.passkeys.add": "Ajouter une clé d’accès",
  "admin.passkeys.reauth":
    "Pour ajouter ou supprimer une clé d’accès, ou pour réactiver votre mot de passe, confirmez d’abord votre identité : {link} avec une clé d’accès, ou votre mot de passe (et votre code). La connexion doit dater de moins de {minutes} minutes.",
  "admin.passkeys.reauthLink": "reconnectez-vous",
  "admin.passkeys.only":
    "Clés d’accès uniquement : mon mot de passe ne me connecte plus. Si vous perdez toutes vos clés d’accès, l’exploitant du site peut réactiver votre mot de passe.",
  "admin.passkeys.confirmTitle": "Supprimer cette clé d’accès ?",
  "admin.passkeys.confirm": "Supprimer la clé d’accès",
  "admin.passkeys.warning":
    "« {name} » ne vous connectera plus. L’appareil peut encore la proposer ; supprimez-la là aussi.",
  "admin.passkeys.warningLast":
    "« {name} » ne vous connectera plus. L’appareil peut encore la proposer ; supprimez-la là aussi. C’est votre dernière clé d’accès : votre mot de passe vous connectera de nouveau.",

  "admin.passkey.label": "Clé d’accès",
  "admin.passkey.or": "ou",
  "admin.passkey.needsJavaScript":
    "La connexion par clé d’accès nécessite JavaScript. Connectez-vous ci-dessus avec votre e-mail et votre mot de passe.",
  "admin.passkey.unsupported":
    "Ce navigateur ne peut pas utiliser de clé d’accès. Connectez-vous ci-dessus avec votre e-mail et votre mot de passe.",
  "admin.passkey.waiting": "En attente de votre clé d’accès…",
  "admin.passkey.signIn": "Se connecter avec une clé d’accès",
  "admin.passkey.unfinished": "La connexion n’a pas pu être terminée. Réessayez.",
  "admin.passkey.unreadable": "La réponse de la clé d’accès n’a pas pu être lue.",
  "admin.passkey.alreadyHere": "Cet appareil contient déjà l’une de vos clés d’accès pour ce site.",
  "admin.passkey.notUsed":
    "Aucune clé d’accès n’a été utilisée : la fenêtre a été fermée ou a expiré, ou cet appareil n’a pas de clé d’accès pour ce site. Réessayez, ou connectez-vous avec votre mot de passe.",
  "admin.passkey.notAdded":
    "Aucune clé d’accès n’a été ajoutée : la fenêtre a été fermée ou a expiré. Réessayez.",
  "admin.passkey.cannotSignIn":
    "Ce navigateur n’a pas pu utiliser de clé d’accès ici. Connectez-vous avec votre mot de passe.",
  "admin.passkey.cannotCreate": "Ce navigateur n’a pas pu créer de clé d’accès ici.",
  "admin.passkey.unknownPasskey":
    "Cette clé d’accès n’est pas enregistrée pour ce site (elle a peut-être été supprimée). Connectez-vous avec votre mot de passe, ou avec une autre clé d’accès.",
  "admin.passkey.invalid":
    "La réponse de la clé d’accès n’a pas pu être vérifiée (elle a peut-être pris trop de temps). Réessayez.",
  "admin.passkey.notConfigured":
    "Cette clé d’accès appartient à un compte qui n’administre pas ce site (ADMIN_USERS). Adressez-vous à l’exploitant du site.",
  "admin.passkey.unavailable":
    "Les clés d’accès ne peuvent pas être vérifiées pour l’instant (leur stockage est injoignable). Réessayez dans une minute, ou connectez-vous avec votre mot de passe.",
  "admin.passkey.everywhereFailed":
    "Vos autres sessions n’ont pas pu être fermées (le stockage qui les enregistre est injoignable), et vous êtes toujours connecté ici. Réessayez dans une minute.",
  "admin.passkey.rateLimited":
    "Trop de connexions par clé d’accès ont été lancées depuis votre réseau. Réessayez dans une minute.",
  "admin.passkey.busy":
    "Trop de connexions par clé d’accès sont en cours sur ce site. Réessayez dans une minute.",
  "admin.passkey.failuresLimited":
    "Trop de connexions depuis votre réseau ont échoué. Attendez le temps indiqué, ou connectez-vous depuis un navigateur qui s’est déjà connecté.",
  "admin.passkey.tooMany":
    "Vous avez le nombre maximal de clés d’accès par administrateur. Supprimez-en une avant d’en ajouter une autre.",
  "admin.passkey.enrolInvalid":
    "La nouvelle clé d’accès n’a pas pu être vérifiée (cela a peut-être pris trop de temps, ou l’appareil ne vous a pas vérifié). Réessayez.",
  "admin.passkey.duplicate": "Cette clé d’accès est déjà enregistrée.",
  "admin.passkey.notFound":
    "Cette clé d’accès n’est pas l’une des vôtres (elle a peut-être déjà été supprimée).",
  "admin.passkey.passkeysOnlyNeedsPasskey":
    "Ajoutez une clé d’accès avant de désactiver la connexion par mot de passe.",

  "admin.twoFactor.heading": "Double authentification",
  "admin.twoFactor.intro":
    "Après votre mot de passe, la connexion demande un code à 6 chiffres d’une application d’authentification sur votre téléphone : un mot de passe volé ne suffit donc pas pour se connecter. Une connexion par clé d’accès ne demande pas de code.",
  "admin.twoFactor.managedByOperator":
    "La double authentification de votre compte est gérée par l’exploitant du site : demandez-lui de la modifier.",
  "admin.twoFactor.off": "La double authentification est désactivée.",
  "admin.twoFactor.on": "La double authentification est activée.",
  "admin.twoFactor.turnOn": "Activer la double authentification",
  "admin.twoFactor.scan":
    "Scannez ce code QR avec votre application d’authentification, ou saisissez-y la clé à la main.",
  "admin.twoFactor.qrAlt": "Code QR de votre clé de double authentification",
  "admin.twoFactor.secret": "Clé",
  "admin.twoFactor.codeLabel": "Code de l’application",
  "admin.twoFactor.codeHint": "6 chiffres ; il change toutes les 30 secondes.",
  "admin.twoFactor.confirm": "Confirmer et activer",
  "admin.twoFactor.codesHeading": "Vos codes de secours",
  "admin.twoFactor.codesOnce":
    "Chacun vous connecte une fois à la place du code de l’application, si vous perdez votre téléphone. Ils ne sont affichés que maintenant : conservez-les en lieu sûr (un gestionnaire de mots de passe, ou sur papier).",
  "admin.twoFactor.codesSaved": "Je les ai enregistrés",
  "admin.twoFactor.left": {
    one: "Il reste {count} code de secours sur {total}.",
    other: "Il reste {count} codes de secours sur {total}.",
  },
  "admin.twoFactor.leftUnknown": "Le nombre de codes de secours restants ne peut pas être lu pour le moment.",
  "admin.twoFactor.regenerate": "Générer de nouveaux codes de secours",
  "admin.twoFactor.regenerated": "Nouveaux codes de secours : les anciens ne fonctionnent plus.",
  "admin.twoFactor.turnOff": "Désactiver la double authentification",
  "admin.twoFactor.turnOffTitle": "Désactiver la double authentification ?",
  "admin.twoFactor.turnOffBody":
    "Votre mot de passe seul vous connectera de nouveau, et vos codes de secours cesseront de fonctionner.",
  "admin.twoFactor.turnedOn":
    "La double authentification est activée : la connexion demande désormais un code.",
  "admin.twoFactor.turnedOff":
    "La double authentification est désactivée : votre mot de passe seul vous connecte.",
  "admin.twoFactor.reauth":
    "Pour activer ou désactiver la double authentification, ou obtenir de nouveaux codes de secours, confirmez d’abord que c’est bien vous : {link}. Il faut une connexion datant de moins de {minutes} minutes.",
  "admin.twoFactor.reauthLink": "reconnectez-vous",
  "admin.twoFactor.wrongCode":
    "Ce code n’est pas celui qu’affiche l’application en ce moment. Vérifiez que l’entrée de l’application est celle que vous venez d’ajouter et saisissez le code actuel.",
  "admin.twoFactor.noEnrolment":
    "L’activation n’a pas été terminée dans les 10 minutes, ou a été commencée dans un autre navigateur. Recommencez avec « Activer la double authentification ».",
  "admin.twoFactor.notOn": "La double authentification n’est pas activée pour votre compte.",
  "admin.twoFactor.alreadyOn":
    "La double authentification est déjà activée pour votre compte. Désactivez-la d’abord pour configurer une nouvelle application.",
  "admin.twoFactor.operator":
    "La double authentification de votre compte est gérée par l’exploitant du site ; elle ne peut pas être modifiée ici.",
  "admin.twoFactor.unavailable":
    "Vos réglages de double authentification ne peuvent être ni lus ni enregistrés pour le moment (le stockage des identifiants est injoignable). Réessayez dans une minute.",
};
