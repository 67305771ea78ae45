/** Kinds of personal data the redactor replaces; stored text holds them as placeholders such as `[email]`. */
export const REDACTION_TYPES = ['email', 'phone', 'card', 'iban', 'ip', 'address', 'secret', 'name', 'idnumber', 'birthdate'] as const;
export type RedactionType = (typeof REDACTION_TYPES)[number];
