import { esAccount } from "./es-account";
import { esAdmin } from "./es-admin";
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
  ...esAdmin,
  ...esAccount,
};
