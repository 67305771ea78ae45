/**
 * Why the domain refuses a command, by meaning. Each edge decides how to show them (the HTTP API
 * maps them to problem+json in `src/http/domain-problems.ts`); the message is what a caller reads.
 */

export interface FieldProblem {
  field: string;
  message: string;
}

export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** What the command names does not exist, or not in the caller's project. */
export class NotFound extends DomainError {
  constructor(
    readonly subject: string,
    message = `${subject} was not found in this project.`,
  ) {
    super(message);
  }
}

/** The command clashes with what exists: something already there, or a reference that names more than one thing. */
export class Conflict extends DomainError {}

/** The command's input breaks a rule; `problems` names each offending field (none when no single field is at fault). */
export class Invalid extends DomainError {
  constructor(
    readonly problems: FieldProblem[],
    message = problems.map((p) => `${p.field}: ${p.message}`).join('; '),
  ) {
    super(message);
  }
}
