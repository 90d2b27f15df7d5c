import type { Translation } from "./catalogue";
import type { enAdmin } from "./en-admin";

/** The admin's words in Spanish: sign-in, dashboard, members (the account page's: es-account.ts). */
export const esAdmin: Translation<typeof enAdmin> = {
  "admin.title": "Administración",
  "admin.signedInAs": "Sesión iniciada como",
  "admin.signOut": "Cerrar sesión",
  "admin.nav.invite": "Invitar",
  "admin.nav.account": "Cuenta",
  "admin.field.name": "Nombre",
  "admin.field.email": "Correo electrónico",
  "admin.field.role": "Rol",
  "admin.field.timeZone": "Zona horaria",
  "admin.confirm.working": "Procesando…",
  "admin.confirm.cancel": "Cancelar",
  "admin.api.offline": "No se pudo conectar con el sitio. Compruebe su conexión e inténtelo de nuevo.",
  "admin.api.expired":
    "Su sesión ha caducado. Vuelva a iniciar sesión (sus cambios aquí se conservan hasta que salga de la página).",
  "admin.api.failed": "La solicitud ha fallado (estado {status}). Inténtelo de nuevo.",

  "admin.login.title": "Iniciar sesión",
  "admin.login.lede": "Administración de {site}: gestione el equipo de su espacio de trabajo.",
  "admin.login.reauth": "Confirme que es usted: vuelva a iniciar sesión para cambiar su forma de acceso.",
  "admin.login.signedOutEverywhere": "Ha cerrado sesión en todas partes.",
  "admin.login.signedOut": "Ha cerrado sesión.",
  "admin.login.signingInAs": "Iniciando sesión como {email}.",
  "admin.login.code": "Código de autenticación",
  "admin.login.codeHint":
    "El código de 6 dígitos que su aplicación de autenticación muestra para {issuer}, o uno de sus códigos de recuperación.",
  "admin.login.checking": "Comprobando…",
  "admin.login.verify": "Verificar",
  "admin.login.wrongAccount": "¿Cuenta equivocada, o no tiene aplicación de autenticación para ella?",
  "admin.login.startOver": "Empezar de nuevo",
  "admin.login.password": "Contraseña",
  "admin.login.signingIn": "Iniciando sesión…",
  "admin.login.submit": "Iniciar sesión",
  "admin.login.invalid": "Correo electrónico o contraseña incorrectos",
  "admin.login.invalidCode":
    "Correo electrónico, contraseña o código de autenticación incorrectos. Vuelva a introducirlos.",
  "admin.login.expired":
    "El inicio de sesión no se completó en 5 minutos. Vuelva a introducir su correo electrónico y su contraseña.",
  "admin.login.workspaceUnreachable":
    "No se puede conectar con el espacio de trabajo para confirmar que usted es administrador activo, así que ahora no es posible iniciar sesión. Inténtelo de nuevo en un minuto.",
  "admin.login.unreadable": "No se pudo leer la solicitud de inicio de sesión.",
  "admin.login.unsupportedType": "Envíe el formulario de inicio de sesión como JSON o como formulario.",
  "admin.login.busy": "El inicio de sesión está saturado en este momento. Inténtelo de nuevo en un momento.",
  "admin.login.rateLimited": {
    one: "Demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo en {count} minuto.",
    other: "Demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo en {count} minutos.",
  },
  "admin.login.rateLimitedFew":
    "Demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo en unos minutos.",

  "admin.access.noLongerAdmin":
    "Su cuenta ya no es administradora activa del espacio de trabajo, por lo que se ha cerrado su sesión. Si es un error, pida a una persona administradora del espacio de trabajo que le reactive o le devuelva un rol de administración.",
  "admin.access.notMember":
    "Su correo electrónico no pertenece a ningún miembro del espacio de trabajo, así que no puede iniciar sesión aquí. Pida a una persona administradora del espacio de trabajo que le añada al equipo.",
  "admin.access.inactive":
    "Su cuenta del espacio de trabajo está desactivada, así que no puede iniciar sesión aquí. Pida a una persona administradora del espacio de trabajo que le reactive.",
  "admin.access.notAdminRole":
    "Su cuenta no es administradora en el espacio de trabajo: su rol allí no es uno de los que pueden usar esta administración (ADMIN_ROLES). Pida a una persona administradora del espacio de trabajo que le dé un rol de administración.",
  "admin.access.unverified":
    "No se pudo confirmar con el espacio de trabajo que usted sigue siendo administrador activo, por lo que se ha cerrado su sesión. Vuelva a iniciar sesión cuando el espacio de trabajo esté disponible.",
  "admin.access.signedOut":
    "Su sesión ha terminado: cerró sesión en todas partes, o la llave de acceso o la contraseña con la que se abrió ya no le da acceso. Vuelva a iniciar sesión.",

  "admin.http.notSignedIn": "No ha iniciado sesión, o su sesión ha caducado. Vuelva a iniciar sesión.",
  "admin.http.crossOrigin": "Esta solicitud no procede de este sitio, por lo que se ha rechazado.",
  "admin.http.tooLarge": "La solicitud es demasiado grande.",
  "admin.http.unsupportedType": "Envíe la solicitud como JSON (Content-Type: application/json).",
  "admin.http.unreadable": "No se pudo leer el contenido de la solicitud.",
  "admin.http.malformed": "El contenido de la solicitud no es JSON válido.",
  "admin.http.reauth":
    "Para cambiar su forma de acceso, confirme que es usted: vuelva a iniciar sesión (con una llave de acceso, o con su contraseña y código). El inicio de sesión debe ser de los últimos {minutes} minutos.",
  "admin.http.writeUnverified":
    "No se pudo confirmar con el espacio de trabajo que usted sigue siendo administrador activo, así que no se ha cambiado nada. Inténtelo de nuevo en un minuto.",

  "admin.error.lastAdmin":
    "Es el último miembro administrador activo del espacio de trabajo, así que no se puede eliminar, desactivar ni degradar. Convierta antes a otro miembro en administrador activo.",
  "admin.error.notFound":
    "Este miembro ya no existe en el espacio de trabajo (puede que alguien ya lo haya eliminado). Vuelva a cargar la lista.",
  "admin.error.unauthorized":
    "El espacio de trabajo ha rechazado la clave de API de este sitio. Compruebe WORKSPACE_API_KEY en la configuración del sitio.",
  "admin.error.rateLimited": {
    one: "El espacio de trabajo está recibiendo demasiadas solicitudes. Inténtelo de nuevo en {count} segundo.",
    other:
      "El espacio de trabajo está recibiendo demasiadas solicitudes. Inténtelo de nuevo en {count} segundos.",
  },
  "admin.error.rateLimitedMoment":
    "El espacio de trabajo está recibiendo demasiadas solicitudes. Inténtelo de nuevo en un momento.",
  "admin.error.unavailable":
    "El espacio de trabajo está caído o no disponible en este momento. Inténtelo de nuevo en un minuto.",
  "admin.error.timeout":
    "El espacio de trabajo no respondió a tiempo. Puede que el cambio se haya aplicado o no: vuelva a cargar la página para comprobarlo antes de intentarlo de nuevo.",
  "admin.error.unreachable":
    "No se puede conectar con el espacio de trabajo en este momento. No se ha cambiado nada; inténtelo de nuevo en un minuto.",
  "admin.error.badResponse":
    "El espacio de trabajo envió una respuesta que este sitio no pudo leer. Vuelva a cargar la página para comprobar si el cambio se aplicó.",
  "admin.error.notAcceptable":
    "El espacio de trabajo rechazó el formato de la solicitud de este sitio. Es un error del software del sitio; por favor, notifíquelo.",
  "admin.error.httpError":
    "El espacio de trabajo respondió con un error inesperado (estado {status}). Inténtelo de nuevo más tarde.",
  "admin.error.unknownRole":
    "El espacio de trabajo no tiene ningún rol llamado «{role}». Los roles distinguen mayúsculas y minúsculas: revise cómo está escrito.",
  "admin.error.invalidTimeZone":
    "«{zone}» no es una zona horaria que acepte el espacio de trabajo. Elija una de la lista, por ejemplo Europe/Madrid.",
  "admin.error.refused": "El espacio de trabajo rechazó el cambio: {detail}",
  "admin.error.noReason": "no indicó el motivo.",
  "admin.error.internal":
    "Algo ha fallado en este sitio. Inténtelo de nuevo y notifíquelo si vuelve a ocurrir.",

  "admin.valid.email": "Introduzca una dirección de correo electrónico válida.",
  "admin.valid.emailTooLong": "Esa dirección de correo electrónico es demasiado larga.",
  "admin.valid.memberId": "Eso no es un identificador de miembro.",
  "admin.valid.role": "Introduzca un rol, por ejemplo Standard.",
  "admin.valid.roleTooLong": "Ese nombre de rol es demasiado largo.",
  "admin.valid.timeZone": "Elija una zona horaria válida de la lista, por ejemplo Europe/Madrid.",
  "admin.valid.nameTooLong": "Los nombres tienen como máximo {max} caracteres.",
  "admin.valid.nothingToChange": "No hay nada que cambiar.",
  "admin.valid.noEmails": "Introduzca al menos una dirección de correo electrónico.",
  "admin.valid.tooManyInvites": "Invite como máximo a {max} personas a la vez.",
  "admin.valid.invalidEmails": {
    one: "Esta dirección no es válida: {emails}",
    other: "Estas direcciones no son válidas: {emails}",
  },
  "admin.valid.noneSelected": "Seleccione al menos un miembro.",
  "admin.valid.tooManySelected": "Seleccione como máximo {max} miembros a la vez.",
  "admin.valid.passkeyName": "Ponga un nombre a la llave de acceso.",
  "admin.valid.passkeyNameTooLong": "El nombre de una llave de acceso tiene como máximo {max} caracteres.",
  "admin.valid.request": "La solicitud no es válida.",

  "admin.own.remove":
    "No puede eliminarse a sí mismo: perdería al instante el acceso a esta administración. Pídaselo a otra persona administradora.",
  "admin.own.deactivate":
    "No puede desactivarse a sí mismo: perdería al instante el acceso a esta administración. Pídaselo a otra persona administradora.",
  "admin.own.reactivate":
    "No puede reactivarse a sí mismo: si usted es miembro activo lo decide otra persona administradora o el espacio de trabajo.",
  "admin.own.demote":
    "No puede cambiar su propio rol a «{role}»: solo {roles} pueden usar esta administración, así que perdería el acceso al instante. Pídaselo a otra persona administradora.",
  "admin.own.role":
    "No puede cambiar su propio rol: su acceso lo decide otra persona administradora o el espacio de trabajo.",
  "admin.own.email":
    "No puede cambiar aquí su propia dirección de correo electrónico: su acceso (ADMIN_USERS) está ligado a ella. Pídaselo a otra persona administradora y actualice ADMIN_USERS a la vez.",
  "admin.own.invite":
    "No puede invitarse a sí mismo: su acceso lo decide otra persona administradora o el espacio de trabajo. Quite su propia dirección de la lista.",

  "admin.dashboard.title": "Panel",
  "admin.dashboard.problem": "Algunas cifras no se pudieron cargar. {problem}",
  "admin.dashboard.workspaceGlance": "El espacio de trabajo de un vistazo",
  "admin.dashboard.members": "Miembros del equipo",
  "admin.dashboard.activeMembers": "Miembros activos",
  "admin.dashboard.posts": "Artículos del blog",
  "admin.dashboard.blog": "Blog",
  "admin.dashboard.blogLede":
    "El blog público se regenera periódicamente a partir del espacio de trabajo. Actualícelo ahora después de publicar o editar un artículo.",
  "admin.dashboard.newsletter": "Suscripciones al boletín",
  "admin.dashboard.newsletterLede":
    "Cada suscripción se guarda y después se envía al espacio de trabajo; si este no puede aceptarla enseguida (caído, lento o saturado), espera y se reintenta. Una suscripción solo falla cuando el espacio de trabajo rechaza su dirección o cuando espera más allá del tiempo máximo.",
  "admin.dashboard.storeDown":
    "No se pudo conectar con el almacén de suscripciones, así que estas cifras son desconocidas.",
  "admin.dashboard.team": "Equipo",
  "admin.dashboard.manageMembers": "Gestionar miembros",
  "admin.dashboard.invitePeople": "Invitar a personas",
  "admin.dashboard.newsletterGlance": "El boletín de un vistazo",
  "admin.dashboard.signups": "Suscripciones",
  "admin.dashboard.last24h": "Últimas 24 horas",
  "admin.dashboard.last7d": "Últimos 7 días",
  "admin.dashboard.accepted": "Aceptadas",
  "admin.dashboard.sentAtOnce": "Enviadas al instante",
  "admin.dashboard.queued": "En cola, enviadas después",
  "admin.dashboard.delivered": "Entregadas",
  "admin.dashboard.failed": "Fallidas",
  "admin.dashboard.delivery": "Entrega del boletín",
  "admin.dashboard.waiting": "Pendientes de entrega",
  "admin.dashboard.oldest": "Suscripción pendiente más antigua",
  "admin.dashboard.rejected": "Rechazada por el espacio de trabajo",
  "admin.dashboard.expired": "Esperó más allá del tiempo máximo",
  "admin.age.underAMinute": "menos de un minuto",
  "admin.age.minutes": "{minutes} min",
  "admin.age.hours": "{hours} h {minutes} min",
  "admin.age.days": "{days} d {hours} h",

  "admin.refresh.button": "Actualizar el blog",
  "admin.refresh.busy": "Actualizando…",
  "admin.refresh.done":
    "Actualización del blog solicitada el {when}. Las páginas muestran los últimos artículos pocos segundos después de su siguiente visita.",
  "admin.refresh.failed": "No se pudo actualizar el blog. Inténtelo de nuevo en un minuto.",
  "admin.refresh.partial":
    "El blog se está actualizando en este servidor, pero no se puede conectar con la caché compartida (Redis), así que otros servidores pueden seguir mostrando los artículos antiguos hasta que vuelva. Inténtelo de nuevo en un minuto para asegurarse de que todos los servidores lo tengan.",

  "admin.failed.retryAll": "Reintentar las fallidas",
  "admin.failed.discardAll": "Descartar las fallidas",
  "admin.failed.caption": "Suscripciones fallidas",
  "admin.failed.newest": {
    one: "Las {shown} más recientes de {count} suscripción",
    other: "Las {shown} más recientes de {count} suscripciones",
  },
  "admin.failed.address": "Dirección",
  "admin.failed.reason": "Motivo",
  "admin.failed.when": "Fallida el",
  "admin.failed.actions": "Acciones",
  "admin.failed.retry": "Reintentar",
  "admin.failed.retryOne": "Reintentar {address}",
  "admin.failed.discard": "Descartar",
  "admin.failed.discardOne": "Descartar {address}",
  "admin.failed.retried": {
    one: "{count} suscripción vuelve a estar pendiente; se entregará en breve.",
    other: "{count} suscripciones vuelven a estar pendientes; se entregarán en breve.",
  },
  "admin.failed.discarded": {
    one: "{count} suscripción descartada; su dirección se ha eliminado.",
    other: "{count} suscripciones descartadas; sus direcciones se han eliminado.",
  },
  "admin.failed.confirmTitle": "¿Descartar las suscripciones fallidas?",
  "admin.failed.confirmOne": "{address} se eliminará y nunca se entregará. No se avisa a quien se suscribió.",
  "admin.failed.confirmAll": {
    one: "{count} suscripción se eliminará con su dirección y nunca se entregará. No se avisa a quien se suscribió.",
    other:
      "{count} suscripciones se eliminarán con sus direcciones y nunca se entregarán. No se avisa a quienes se suscribieron.",
  },
  "admin.failed.storeDown":
    "No se pudo conectar con el almacén de suscripciones, así que no se ha cambiado nada. Inténtelo de nuevo en un minuto.",

  "admin.members.title": "Miembros",
  "admin.members.back": "← Todos los miembros",
  "admin.members.removed": "{name} se ha eliminado del espacio de trabajo.",
  "admin.members.search": "Buscar miembros",
  "admin.members.searchLabel": "Buscar por nombre o correo electrónico",
  "admin.members.show": "Mostrar",
  "admin.members.all": "Todos los miembros",
  "admin.members.activeOnly": "Solo activos",
  "admin.members.inactiveOnly": "Solo inactivos",
  "admin.members.perPage": "Por página",
  "admin.members.apply": "Aplicar",
  "admin.members.clear": "Borrar la búsqueda",
  "admin.members.problem": "No se pudo cargar la lista de miembros. {problem}",
  "admin.members.noMatch": "Ningún miembro coincide con esta búsqueda.",
  "admin.members.none": "El espacio de trabajo aún no tiene miembros.",
  "admin.members.count": {
    one: "{count} miembro · página {page} de {pages}",
    other: "{count} miembros · página {page} de {pages}",
  },
  "admin.members.countMatching": {
    one: "{count} miembro coincidente · página {page} de {pages}",
    other: "{count} miembros coincidentes · página {page} de {pages}",
  },
  "admin.members.truncated":
    "(el espacio de trabajo es muy grande; la búsqueda solo abarca su primera parte)",
  "admin.members.caption": "Miembros del equipo, página {page} de {pages}",
  "admin.members.pastEnd": "Esta página está más allá del final de la lista.",
  "admin.members.firstPage": "Ir a la primera página",
  "admin.members.pages": "Páginas",
  "admin.members.previous": "← Anterior",
  "admin.members.next": "Siguiente →",
  "admin.members.page": "Página {page}",

  "admin.bulk.label": "Acciones en bloque",
  "admin.bulk.hint": "Seleccione miembros para actuar sobre varios a la vez.",
  "admin.bulk.selected": { one: "{count} seleccionado", other: "{count} seleccionados" },
  "admin.bulk.deactivateSelected": "Desactivar la selección",
  "admin.bulk.removeSelected": "Eliminar la selección",
  "admin.bulk.clear": "Borrar la selección",
  "admin.bulk.selectAll": "Seleccionar todos los miembros de esta página",
  "admin.bulk.select": "Seleccionar a {name}",
  "admin.bulk.removeDone": "Eliminados {done} de {count}.",
  "admin.bulk.deactivateDone": "Desactivados {done} de {count}.",
  "admin.bulk.removeOk": "eliminado",
  "admin.bulk.deactivateOk": "desactivado",
  "admin.bulk.removeTitle": { one: "¿Eliminar {count} miembro?", other: "¿Eliminar {count} miembros?" },
  "admin.bulk.deactivateTitle": {
    one: "¿Desactivar {count} miembro?",
    other: "¿Desactivar {count} miembros?",
  },
  "admin.bulk.removeConfirm": { one: "Eliminar miembro", other: "Eliminar miembros" },
  "admin.bulk.deactivateConfirm": { one: "Desactivar miembro", other: "Desactivar miembros" },
  "admin.bulk.removeWarning":
    "Estas personas se eliminarán del espacio de trabajo. No se puede deshacer (podrán ser invitadas de nuevo).",
  "admin.bulk.deactivateWarning": "Estas personas se desactivarán. Podrá reactivarlas más adelante.",
  "admin.bulk.notProcessed": "No procesado.",

  "admin.invite.title": "Invitar a miembros",
  "admin.invite.emails": "Direcciones de correo electrónico",
  "admin.invite.emailsHint": "Una o varias, separadas por comas o saltos de línea.",
  "admin.invite.roleHint": "Distingue mayúsculas y minúsculas. Por defecto: Standard.",
  "admin.invite.invitedBy": "Invitado por",
  "admin.invite.invitedByHint":
    "Una persona administradora del espacio de trabajo. Déjelo en blanco para usar el valor por defecto del espacio de trabajo (su administrador más reciente).",
  "admin.invite.send": "Enviar el correo de invitación",
  "admin.invite.busy": "Invitando…",
  "admin.invite.submit": "Enviar invitaciones",
  "admin.invite.done": {
    one: "{count} miembro añadido al equipo ({emails})",
    other: "{count} miembros añadidos al equipo ({emails})",
  },

  "admin.member.title": "Miembro",
  "admin.member.noSuchAddress": "No hay ningún miembro en esta dirección. Vuelva a la lista y elija uno.",
  "admin.member.status": "Estado",
  "admin.member.active": "Activo",
  "admin.member.inactive": "Inactivo",
  "admin.member.isActive": "{name}: {state}",
  "admin.member.isInactive": "{name}: {state}; no puede iniciar sesión en el espacio de trabajo.",
  "admin.member.deactivate": "Desactivar",
  "admin.member.reactivate": "Reactivar",
  "admin.member.reactivated": "{name} vuelve a estar activo.",
  "admin.member.deactivated": "{name} está ahora inactivo.",
  "admin.details.title": "Datos",
  "admin.details.firstName": "Nombre de pila",
  "admin.details.lastName": "Apellidos",
  "admin.details.timeZoneHint": "Escriba para buscar, por ejemplo «Madrid» o «America/».",
  "admin.details.roleHint":
    "Distingue mayúsculas y minúsculas. Elija uno que use el espacio de trabajo o escriba otro.",
  "admin.details.saving": "Guardando…",
  "admin.details.save": "Guardar los cambios",
  "admin.details.discard": "Descartar los cambios",
  "admin.details.nothing": "Nada que guardar: no se ha cambiado ningún campo.",
  "admin.details.saved": "Cambios guardados.",
  "admin.removal.title": "Eliminar del espacio de trabajo",
  "admin.removal.lede":
    "Elimina a {name} del espacio de trabajo de forma definitiva. Más adelante se le puede volver a invitar.",
  "admin.removal.button": "Eliminar miembro…",
  "admin.removal.confirmTitle": "¿Eliminar a {name}?",
  "admin.removal.confirm": "Eliminar a {name}",
  "admin.removal.warning": "{name} ({email}) se eliminará del espacio de trabajo. No se puede deshacer.",
};
