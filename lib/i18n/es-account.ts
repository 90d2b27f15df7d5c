import type { Translation } from "./catalogue";
import type { enAccount } from "./en-account";

/** The account page's words in Spanish: passkeys, two-factor, sessions. */
export const esAccount: Translation<typeof enAccount> = {
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
