export function envValue(env: Record<string, string | undefined>, name: string): string | undefined;
export function isLocalMode(env: Record<string, string | undefined>): boolean;
export const DEFAULT_NEXT_DIST_DIR: string;
export const DEFAULT_DELIVERY_STORE_PATH: string;
export const LOCAL_DEMO_API_KEY: string;
export type WholeNumberVariable = { readonly min: number; readonly max: number; readonly fallback: number };
export const WHOLE_NUMBER_VARIABLES: Readonly<{
  PORT: WholeNumberVariable;
  LOCAL_WORKSPACE_PORT: WholeNumberVariable;
  WORKSPACE_TIMEOUT_MS: WholeNumberVariable;
  WORKSPACE_MAX_RETRIES: WholeNumberVariable;
  BLOG_REVALIDATE_SECONDS: WholeNumberVariable;
  BLOG_PRERENDER_LIMIT: WholeNumberVariable;
  DELIVERY_RATE_PER_SECOND: WholeNumberVariable;
  DELIVERY_DIRECT_TIMEOUT_MS: WholeNumberVariable;
  DELIVERY_MAX_AGE_HOURS: WholeNumberVariable;
  DELIVERY_MAX_PENDING: WholeNumberVariable;
<<<<<<< HEAD
  SHUTDOWN_GRACE_SECONDS: WholeNumberVariable;
=======
  ADMIN_RECHECK_SECONDS: WholeNumberVariable;
>>>>>>> main
}>;
export const DEFAULT_PORT: number;
export const DEFAULT_LOCAL_WORKSPACE_PORT: number;
