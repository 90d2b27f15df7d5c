import type { Catalogue } from "./catalogue";

/** Las palabras de la interfaz en español (claves y reglas: en.ts). */
export const es: Catalogue = {
  "site.description": "Notas sobre construir, escribir y trabajar en equipo.",
  "site.skipToContent": "Ir al contenido",
  "site.titleSeparator": " · ",

  "nav.label": "Principal",
  "nav.menu": "Menú",
  "nav.external": "(otro sitio)",

  "search.header": "Buscar artículos",
  "search.placeholder": "Buscar artículos",
  "search.submit": "Buscar",
  "search.pageLabel": "Buscar en el blog",
  "search.title": "Búsqueda",
  "search.metaTitle": "Búsqueda: {query}",
  "search.noResultsTitle": "Sin resultados para «{query}»",
  "search.resultsTitle": "Resultados para «{query}»",
  "search.newest": "Artículos más recientes",
  "search.previous": "← Resultados anteriores",
  "search.next": "Más resultados →",
  "search.rateLimited": {
    one: "Ha buscado muchas veces en poco tiempo. Vuelva a intentarlo dentro de {count} segundo.",
    other: "Ha buscado muchas veces en poco tiempo. Vuelva a intentarlo dentro de {count} segundos.",
  },
  "search.busy":
    "La búsqueda está muy solicitada ahora mismo y la suya no se ha hecho. Vuelva a intentarlo en unos segundos; el resto del blog funciona con normalidad.",
  "search.empty": {
    one: "Busque en los títulos, resúmenes, temas y autores de {count} artículo. Valen palabras incompletas y pequeñas erratas.",
    other:
      "Busque en los títulos, resúmenes, temas y autores de {count} artículos. Valen palabras incompletas y pequeñas erratas.",
  },
  "search.tooLong":
    "Su búsqueda tiene {length} caracteres; el máximo es {max}. Pruebe con unas pocas palabras distintivas.",
  "search.noMatch":
    "Ningún artículo coincide con «{query}». Revise la ortografía o pruebe con menos palabras o más generales.",
  "search.matchesAll": { one: "{count} artículo coincide.", other: "{count} artículos coinciden." },
  "search.matchesSome": {
    one: "{count} artículo coincide con algunas de sus palabras (ninguno con todas).",
    other: "{count} artículos coinciden con algunas de sus palabras (ninguno con todas).",
  },
  "search.pageOf": "Página {page} de {pages}.",
  "search.dropped": "Solo se buscaron las primeras {max} palabras.",
  "search.openSearch": "Buscar en los artículos de {site}",

  "footer.newsletter": "Boletín",
  "footer.elsewhere": "En otros sitios",
  "footer.links": "El sitio",
  "footer.copyright": "© {year} {site}.",
  "footer.rss": "Canal RSS",

  "home.eyebrow": "El blog del equipo",
  "home.latest": "Últimos artículos",
  "home.allPosts": { one: "El único artículo →", other: "Los {count} artículos →" },
  "home.topics": "Temas",
  "blog.noPosts": "Todavía no hay artículos. Vuelva pronto.",

  "blog.title": "Blog",
  "blog.titlePage": "Blog, página {page}",
  "blog.lede": {
    one: "{count} artículo de {site}, del más reciente al más antiguo.",
    other: "{count} artículos de {site}, del más reciente al más antiguo.",
  },
  "blog.description": "Todos los artículos de {site}, del más reciente al más antiguo.",
  "blog.descriptionPage": "Artículos de {site}, página {page} de {pages}.",

  "pagination.label": "Paginación",
  "pagination.newer": "← Artículos más recientes",
  "pagination.older": "Artículos anteriores →",
  "pagination.status": "Página {page} de {pages}",

  "post.published": "Publicado el {date}",
  "post.authors": "Autores",
  "post.coverAlt": "Imagen de portada de «{title}»",
  "post.readFull": "Leer el artículo completo",
  "post.summary":
    "Esta página es el resumen del artículo. Más abajo: sus temas, sus autores y los artículos cercanos.",
  "post.topics": "Temas",
  "post.writtenBy": "Escrito por",
  "post.moreBy": "Más artículos de {name}",
  "post.related": "Artículos relacionados",
  "post.morePosts": "Más artículos",
  "post.metaDescription": "{title}, en {site}.",
  "post.placeholder": "Sin imagen",

  "listing.posts": { one: "{count} artículo", other: "{count} artículos" },
  "listing.pageSuffix": ", página {page}",
  "topic.eyebrow": "Tema",
  "topic.heading": "Artículos sobre {topic}",
  "topic.description": {
    one: "{count} artículo sobre {topic} en {site}{suffix}.",
    other: "{count} artículos sobre {topic} en {site}{suffix}.",
  },
  "author.eyebrow": "Autor",
  "author.unknown": "Autor desconocido",
  "author.heading": "Artículos de {name}",
  "author.portrait": "Retrato de {name}",
  "author.topics": "Temas sobre los que escribe {name}",
  "author.description": {
    one: "{count} artículo de {name} en {site}{suffix}.",
    other: "{count} artículos de {name} en {site}{suffix}.",
  },
  "keywords.label": "Temas",

  "notFound.eyebrow": "Error 404",
  "notFound.title": "Página no encontrada",
  "notFound.lede":
    "No hemos encontrado esa página. Puede que se haya movido o que el enlace tenga una errata.",
  "notFound.browse": "Ver el blog",
  "notFound.next": "{browse} o {home}.",
  "notFound.home": "volver a la portada",

  "newsletter.kicker": "Boletín",
  "newsletter.metaTitle": "Boletín",
  "newsletter.metaDescription":
    "Reciba cada nuevo artículo del equipo por correo: un mensaje breve por artículo, confirmado por usted, baja en cualquier momento.",
  "newsletter.title": "Los nuevos artículos, directos a su correo",
  "newsletter.lede":
    "Cuando el equipo publica algo en el {blog}, los suscriptores se enteran por correo. Nada más: sin resúmenes de relleno, y su dirección solo sirve para esta lista.",
  "newsletter.ledeLink": "blog",
  "newsletter.how": "Cómo funciona",
  "newsletter.step1": "Escriba su dirección de correo abajo.",
  "newsletter.step2":
    "Le enviamos un correo de confirmación. Haga clic en su enlace para confirmar que la dirección es suya.",
  "newsletter.step3":
    "A partir de entonces, los nuevos artículos llegan por correo. Cada mensaje permite darse de baja.",
  "newsletter.fineprint":
    "Su dirección solo se usa para enviar este boletín y nunca se comparte. ¿No llegó la confirmación? Mire en la carpeta de spam y vuelva a intentarlo: se envía otra si la dirección aún no está suscrita.",
  "newsletter.thanksTitle": "Gracias",
  "newsletter.errorTitle": "Todavía no está suscrito",
  "newsletter.readBlog": "Leer el blog",
  "newsletter.tryAgain": "Volver a intentarlo",

  "form.title": "Reciba los nuevos artículos por correo",
  "form.label": "Correo electrónico",
  "form.labelPage": "Su correo electrónico",
  "form.hint": "Un correo breve cuando se publica algo nuevo. Puede darse de baja desde cualquier correo.",
  "form.placeholder": "nombre@ejemplo.es",
  "form.submit": "Suscribirse",
  "form.sending": "Suscribiendo…",
  "form.trap": "Deje este campo vacío",
  "form.offline": "No pudimos conectar con el sitio. Revise su conexión y vuelva a intentarlo.",

  "outcome.subscribed":
    "Gracias. Si esta dirección aún no está suscrita, le llegará un enlace de confirmación: haga clic en él para confirmar la suscripción.",
  "outcome.queued":
    "Gracias. Si esta dirección aún no está suscrita, le llegará un enlace de confirmación en unos minutos: haga clic en él para confirmar la suscripción.",
  "outcome.recentlySent":
    "Gracias. Si esta dirección aún no está suscrita, se le envió un enlace de confirmación hace poco: búsquelo en su bandeja de entrada (y en el spam).",
  "outcome.unavailable":
    "Lo sentimos, no pudimos suscribirle ahora. No se guardó nada; vuelva a intentarlo en un minuto.",
  "outcome.busy":
    "Estamos recibiendo muchas suscripciones ahora mismo y la suya no se guardó. Vuelva a intentarlo en un minuto.",
  "outcome.rateLimited": "Demasiados intentos en poco tiempo. Espere unos minutos y vuelva a intentarlo.",
  "outcome.invalid.empty": "Escriba su dirección de correo.",
  "outcome.invalid.tooLong":
    "Esa dirección es demasiado larga: una dirección de correo tiene como máximo 254 caracteres.",
  "outcome.invalid.spaces": "Las direcciones de correo no llevan espacios. Revise si sobra alguno.",
  "outcome.invalid.missingAt": "Una dirección de correo necesita una @, como nombre@ejemplo.es.",
  "outcome.invalid.missingDomain": "Añada el dominio después de la @, como nombre@ejemplo.es.",
  "outcome.invalid.shape":
    "Eso no parece una dirección de correo. Revise si tiene erratas, como nombre@ejemplo.es.",
  "outcome.invalid.rejected": "El servicio del boletín no aceptó esa dirección. Revise si tiene erratas.",

  "feed.rss": "{site} (RSS)",
  "feed.atom": "{site} (Atom)",
  "feed.json": "{site} (JSON Feed)",
  "feed.copyright": "© {year} {site}",

  "front.busy.title": "El sitio se está reiniciando o está saturado",
  "front.busy.lede": "Su conexión funciona bien. Vuelva a intentarlo en unos segundos.",
  "front.tooMany.title": "Demasiadas solicitudes desde su dirección",
  "front.tooMany.lede": "Espere unos segundos y vuelva a intentarlo.",
  "front.tooLarge.title": "Esta solicitud es demasiado grande",
  "front.tooLarge.lede": "Vuelva atrás y envíe menos de una vez.",
  "front.tryAgain": "Reintentar",
  "newsletter.refused.method": "Suscríbase con el formulario del boletín de este sitio.",
  "newsletter.refused.origin":
    "Este formulario solo acepta envíos desde este sitio. Use el formulario del propio sitio.",
  "newsletter.refused.type":
    "El formulario se envió de una forma que este sitio no acepta. Recargue la página y vuelva a intentarlo.",
  "newsletter.refused.tooLarge":
    "Es demasiado para una suscripción al boletín. Escriba solo su dirección de correo electrónico.",
  "newsletter.refused.unreadable": "No se pudo leer el formulario. Recargue la página y vuelva a intentarlo.",

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
  "admin.invite.notValid": "No válidas: {emails}",
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

  "admin.account.title": "Su cuenta",
  "admin.account.signedInAs": "Sesión iniciada como {email}.",
  "admin.account.passkeys": "Llaves de acceso",
  "admin.account.passkeysLede":
    "Una llave de acceso le identifica con el bloqueo de pantalla de su dispositivo o una llave de seguridad: no hay nada que escribir, y solo funciona en este sitio, así que no se puede suplantar. El sitio solo guarda su clave pública.",
  "admin.account.sessions": "Sesiones",
  "admin.account.sessionsLede":
    "Cierra su sesión en todos los navegadores y dispositivos, también en este: úselo si ha perdido un dispositivo o ha dejado una sesión abierta en algún sitio.",
  "admin.account.everywhere": "Cerrar sesión en todas partes",

  "admin.passkeys.never": "nunca",
  "admin.passkeys.history": "Añadida el {added} · último uso: {used}",
  "admin.passkeys.historySynced": "Añadida el {added} · último uso: {used} · sincronizada",
  "admin.passkeys.added": "Llave de acceso añadida como «{name}».",
  "admin.passkeys.renamed": "Renombrada como «{name}».",
  "admin.passkeys.removed": "«{name}» eliminada.",
  "admin.passkeys.removedPasswordBack": "«{name}» eliminada. Su contraseña vuelve a darle acceso.",
  "admin.passkeys.passwordOff": "Su contraseña ya no le da acceso: use una llave de acceso.",
  "admin.passkeys.passwordOn": "Su contraseña vuelve a darle acceso.",
  "admin.passkeys.none": "Aún no tiene llaves de acceso.",
  "admin.passkeys.list": "Sus llaves de acceso",
  "admin.passkeys.remove": "Eliminar",
  "admin.passkeys.removeOne": "Eliminar {name}",
  "admin.passkeys.unsupported": "Este navegador no puede crear llaves de acceso.",
  "admin.passkeys.waiting": "Esperando a su dispositivo…",
  "admin.passkeys.add": "Añadir una llave de acceso",
  "admin.passkeys.reauth":
    "Para añadir o eliminar una llave de acceso, o para volver a activar su contraseña, confirme primero que es usted: {link} con una llave de acceso, o con su contraseña (y código). El inicio de sesión debe ser de los últimos {minutes} minutos.",
  "admin.passkeys.reauthLink": "vuelva a iniciar sesión",
  "admin.passkeys.only":
    "Solo llaves de acceso: mi contraseña ya no me da acceso. Si pierde todas sus llaves de acceso, quien gestiona el sitio puede volver a activar su contraseña.",
  "admin.passkeys.confirmTitle": "¿Eliminar esta llave de acceso?",
  "admin.passkeys.confirm": "Eliminar la llave de acceso",
  "admin.passkeys.warning":
    "«{name}» ya no le dará acceso. Puede que el dispositivo la siga ofreciendo; elimínela también allí.",
  "admin.passkeys.warningLast":
    "«{name}» ya no le dará acceso. Puede que el dispositivo la siga ofreciendo; elimínela también allí. Es su última llave de acceso, así que su contraseña vuelve a darle acceso.",

  "admin.passkey.label": "Llave de acceso",
  "admin.passkey.or": "o",
  "admin.passkey.needsJavaScript":
    "Iniciar sesión con una llave de acceso requiere JavaScript. Inicie sesión arriba con su correo electrónico y su contraseña.",
  "admin.passkey.unsupported":
    "Este navegador no puede usar llaves de acceso. Inicie sesión arriba con su correo electrónico y su contraseña.",
  "admin.passkey.waiting": "Esperando a su llave de acceso…",
  "admin.passkey.signIn": "Iniciar sesión con una llave de acceso",
  "admin.passkey.unfinished": "No se pudo completar el inicio de sesión. Inténtelo de nuevo.",
  "admin.passkey.unreadable": "No se pudo leer la respuesta de la llave de acceso.",
  "admin.passkey.alreadyHere": "Este dispositivo ya guarda una de sus llaves de acceso para este sitio.",
  "admin.passkey.notUsed":
    "No se usó ninguna llave de acceso: se cerró la ventana o caducó, o este dispositivo no tiene una llave de acceso para este sitio. Inténtelo de nuevo o inicie sesión con su contraseña.",
  "admin.passkey.notAdded":
    "No se añadió ninguna llave de acceso: se cerró la ventana o caducó. Inténtelo de nuevo.",
  "admin.passkey.cannotSignIn":
    "Este navegador no pudo usar una llave de acceso aquí. Inicie sesión con su contraseña.",
  "admin.passkey.cannotCreate": "Este navegador no pudo crear una llave de acceso aquí.",
  "admin.passkey.unknownPasskey":
    "Esta llave de acceso no está registrada para este sitio (puede que se haya eliminado). Inicie sesión con su contraseña o con otra llave de acceso.",
  "admin.passkey.invalid":
    "No se pudo verificar la respuesta de la llave de acceso (puede que tardara demasiado). Inténtelo de nuevo.",
  "admin.passkey.notConfigured":
    "Esta llave de acceso pertenece a una cuenta que no administra este sitio (ADMIN_USERS). Consulte a quien gestiona el sitio.",
  "admin.passkey.unavailable":
    "Ahora no se pueden comprobar las llaves de acceso (no se puede conectar con su almacén). Inténtelo de nuevo en un minuto o inicie sesión con su contraseña.",
  "admin.passkey.everywhereFailed":
    "No se pudieron cerrar sus otras sesiones (no se puede conectar con el almacén que las registra), y aquí sigue con la sesión iniciada. Inténtelo de nuevo en un minuto.",
  "admin.passkey.rateLimited":
    "Se han iniciado demasiados accesos con llave desde su red. Inténtelo de nuevo en un minuto.",
  "admin.passkey.busy":
    "Hay demasiados accesos con llave en curso en este sitio. Inténtelo de nuevo en un minuto.",
  "admin.passkey.failuresLimited":
    "Han fallado demasiados inicios de sesión desde su red. Espere el tiempo indicado o inicie sesión desde un navegador en el que ya haya iniciado sesión antes.",
  "admin.passkey.tooMany":
    "Ya tiene el máximo de llaves de acceso por administrador. Elimine una antes de añadir otra.",
  "admin.passkey.enrolInvalid":
    "No se pudo verificar la nueva llave de acceso (puede que tardara demasiado o que el dispositivo no le verificara). Inténtelo de nuevo.",
  "admin.passkey.duplicate": "Esta llave de acceso ya está registrada.",
  "admin.passkey.notFound": "Esa llave de acceso no es suya (puede que ya se haya eliminado).",
  "admin.passkey.passkeysOnlyNeedsPasskey":
    "Añada una llave de acceso antes de desactivar el inicio de sesión con contraseña.",

  "admin.twoFactor.heading": "Verificación en dos pasos",
  "admin.twoFactor.intro":
    "Después de su contraseña, el inicio de sesión pide un código de 6 dígitos de una aplicación de autenticación en su teléfono, así que una contraseña robada no basta para entrar. Un inicio de sesión con llave de acceso no necesita código.",
  "admin.twoFactor.managedByOperator":
    "La verificación en dos pasos de su cuenta la gestiona el operador del sitio: pídale que la cambie.",
  "admin.twoFactor.off": "La verificación en dos pasos está desactivada.",
  "admin.twoFactor.on": "La verificación en dos pasos está activada.",
  "admin.twoFactor.turnOn": "Activar la verificación en dos pasos",
  "admin.twoFactor.scan":
    "Escanee este código QR con su aplicación de autenticación o escriba la clave a mano.",
  "admin.twoFactor.qrAlt": "Código QR de su clave de verificación en dos pasos",
  "admin.twoFactor.secret": "Clave",
  "admin.twoFactor.codeLabel": "Código de la aplicación",
  "admin.twoFactor.codeHint": "6 dígitos; cambia cada 30 segundos.",
  "admin.twoFactor.confirm": "Confirmar y activar",
  "admin.twoFactor.codesHeading": "Sus códigos de recuperación",
  "admin.twoFactor.codesOnce":
    "Cada uno le permite iniciar sesión una vez en lugar del código de la aplicación, si pierde su teléfono. Solo se muestran ahora: guárdelos en un lugar seguro (un gestor de contraseñas o en papel).",
  "admin.twoFactor.codesSaved": "Ya los he guardado",
  "admin.twoFactor.left": {
    one: "Queda {count} de {total} códigos de recuperación.",
    other: "Quedan {count} de {total} códigos de recuperación.",
  },
  "admin.twoFactor.leftUnknown": "Ahora no se puede leer cuántos códigos de recuperación quedan.",
  "admin.twoFactor.regenerate": "Generar nuevos códigos de recuperación",
  "admin.twoFactor.regenerated": "Nuevos códigos de recuperación: los anteriores ya no funcionan.",
  "admin.twoFactor.turnOff": "Desactivar la verificación en dos pasos",
  "admin.twoFactor.turnOffTitle": "¿Desactivar la verificación en dos pasos?",
  "admin.twoFactor.turnOffBody":
    "Volverá a iniciar sesión solo con su contraseña y sus códigos de recuperación dejarán de funcionar.",
  "admin.twoFactor.turnedOn":
    "La verificación en dos pasos está activada: el inicio de sesión ahora pide un código.",
  "admin.twoFactor.turnedOff":
    "La verificación en dos pasos está desactivada: basta su contraseña para iniciar sesión.",
  "admin.twoFactor.reauth":
    "Para activar o desactivar la verificación en dos pasos, u obtener nuevos códigos de recuperación, confirme primero que es usted: {link}. Se necesita un inicio de sesión en los últimos {minutes} minutos.",
  "admin.twoFactor.reauthLink": "vuelva a iniciar sesión",
  "admin.twoFactor.wrongCode":
    "Ese código no es el que muestra ahora la aplicación. Compruebe que la entrada de la aplicación es la que acaba de añadir e introduzca el código actual.",
  "admin.twoFactor.noEnrolment":
    "La activación no se completó en 10 minutos o se empezó en otro navegador. Empiece de nuevo con «Activar la verificación en dos pasos».",
  "admin.twoFactor.notOn": "La verificación en dos pasos no está activada en su cuenta.",
  "admin.twoFactor.alreadyOn":
    "La verificación en dos pasos ya está activada en su cuenta. Desactívela primero para configurar una nueva aplicación.",
  "admin.twoFactor.operator":
    "La verificación en dos pasos de su cuenta la gestiona el operador del sitio, así que no se puede cambiar aquí.",
  "admin.twoFactor.unavailable":
    "Ahora no se pueden leer ni guardar sus ajustes de verificación en dos pasos (el almacén de credenciales no responde). Inténtelo de nuevo en un minuto.",
};
