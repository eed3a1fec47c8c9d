/** Field messages by field path, e.g. `firstName` or `careers.1.jobTitle`. */
export type FieldMessages = Record<string, string>;

/**
 * The API's field errors (ZodError paths start at the argument: `input`, then `profile` or `project`)
 * keyed by the path inside the form, first message per field.
 */
export function fieldMessages(
  errors: readonly { path: readonly string[]; message: string }[],
  container: string,
): FieldMessages {
  const messages: FieldMessages = {};
  for (const error of errors) {
    const path = [...error.path];
    if (path[0] === 'input') path.shift();
    if (path[0] === container) path.shift();
    const key = path.join('.') || 'form';
    messages[key] ??= error.message;
  }
  return messages;
}
