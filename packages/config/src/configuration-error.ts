/** A missing or invalid setting. The message names every variable at fault, so a start fails legibly. */
export class ConfigurationError extends Error {
  readonly code = 'configuration_error';

  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }

  get variables(): string[] {
    return this.problems.map((p) => p.variable);
  }
}
