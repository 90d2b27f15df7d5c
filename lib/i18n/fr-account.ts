import type { Translation } from "./catalogue";
import type { enAccount } from "./en-account";

/** The account page's words in French: passkeys, two-factor, sessions. */
export const frAccount: Translation<typeof enAccount> = {
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
