import { z } from "zod";
import { WHOLE_NUMBER_VARIABLES } from "./defaults.mjs";

/** What a reader returns for a value it refuses; `fix` replaces the variable's usual fix. */
export class Refusal {
  constructor(
    readonly problem: string,
    readonly fix?: string,
  ) {}
}

export function checked<I extends z.ZodType, T>(
  schema: I,
  read: (value: z.output<I>) => T | Refusal,
  fix?: string,
) {
  return schema.transform((value, ctx) => {
    const result = read(value);
    if (!(result instanceof Refusal)) return result;
    ctx.addIssue({ code: "custom", message: result.problem, params: { fix: result.fix ?? fix } });
    return z.NEVER;
  });
}

/** A problem across values (several variables, a list's entries), at `path`. */
export function addProblem(ctx: z.RefinementCtx, path: PropertyKey[], message: string, fix: string): void {
  ctx.addIssue({ code: "custom", path, message, params: { fix } });
}

export function variable<T>(fix: string, read: (value: string | undefined) => T | Refusal) {
  return checked(z.string().optional(), read, fix);
}

/** Case-insensitive; `choices` maps `word|synonym|…` to its value (a refusal names the first word). */
export function oneOf<T>(fix: string, unset: T, choices: Record<string, T>) {
  return variable(fix, (raw) => {
    if (raw === undefined) return unset;
    for (const [words, value] of Object.entries(choices))
      if (words.split("|").some((w) => w.toLowerCase() === raw.toLowerCase())) return value;
    const names = Object.keys(choices).map((words) => words.split("|")[0]);
    return new Refusal(`${quoted(raw)} is neither ${names.join(" nor ")}.`);
  });
}

export function wholeNumber(name: keyof typeof WHOLE_NUMBER_VARIABLES) {
  const { min, max, fallback } = WHOLE_NUMBER_VARIABLES[name];
  const schema = z.coerce.number().int().min(min).max(max);
  return variable(
    `set ${name} to a number from ${min} to ${max}, or unset it for the default (${fallback}).`,
    (raw) => {
      if (raw === undefined) return fallback;
      const parsed = schema.safeParse(raw);
      return parsed.success
        ? parsed.data
        : new Refusal(`"${raw}" is not a whole number from ${min} to ${max}.`);
    },
  );
}

export const quoted = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 79)}…` : s);

export const textValue = () => z.string({ error: "is not text." }).trim();

export const text = (max: number) =>
  textValue()
    .min(1, "is empty.")
    .max(max, `is longer than ${max.toLocaleString("en")} characters.`);
