import { regexSpans, type Span } from '../span.js';

// The lookbehind pins each attempt to the start of a token, which keeps matching linear on long inputs.
const EMAIL =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}][\p{L}\p{N}._%+-]*@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*\.\p{L}{2,24}(?![\p{L}\p{N}-])/gu;

export function detectEmails(text: string): Span[] {
  return regexSpans(text, EMAIL, 'email');
}
