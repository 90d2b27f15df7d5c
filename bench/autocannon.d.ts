// autocannon ships no types; lib.ts describes the part of its API the bench uses.
declare module "autocannon";
