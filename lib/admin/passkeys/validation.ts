import { z } from "zod";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { MAX_NAME_LENGTH } from "./store";

// The passkey routes' bodies: WebAuthn answers checked only for their outline (types, bounded
// lengths); what they say is for @simplewebauthn/server to verify.

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, "Not base64url.")
  .max(16_000);
/** A credential id as the browser reports it (at most 1023 bytes, base64url). */
export const credentialIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,1400}$/);

const common = {
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationResponseSchema = z.object({
  ...common,
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...common,
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

export const passkeyNameSchema = z
  .string({ error: "admin.valid.passkeyName" })
  .trim()
  .min(1, "admin.valid.passkeyName")
  .max(MAX_NAME_LENGTH, "admin.valid.passkeyNameTooLong");

export const enrolBodySchema = z.object({
  response: registrationResponseSchema,
  name: passkeyNameSchema.optional(),
});

export const signInBodySchema = z.object({
  response: authenticationResponseSchema,
  next: z.string().max(2_000).optional(),
});

export const renameBodySchema = z.object({ name: passkeyNameSchema });

export const passkeysOnlyBodySchema = z.object({ on: z.boolean({ error: "Say on: true or false." }) });

export const asRegistration = (r: z.infer<typeof registrationResponseSchema>) =>
  r as unknown as RegistrationResponseJSON;
export const asAuthentication = (r: z.infer<typeof authenticationResponseSchema>) =>
  r as unknown as AuthenticationResponseJSON;
