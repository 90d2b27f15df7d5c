import type { Translation } from "./catalogue";
import type { enAdmin } from "./en-admin";

/** The admin's words in French: sign-in, dashboard, members (the account page's: fr-account.ts). */
export const frAdmin: Translation<typeof enAdmin> = {
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
};
