import type { TranscriptSpeaker } from '../domain/transcript/intake.js';

export interface Owner {
  /** How the rep is labelled in the transcript (`owner_name`). */
  name?: string;
  /** The rep's email (`owner_email`); its local part is one of the rep's labels. */
  email?: string;
}

const fold = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/** The labels that name the rep: `owner_name`, its first name, and the local part of `owner_email`, case-folded. */
export function ownerLabels(owner: Owner): Set<string> {
  const labels = new Set<string>();
  if (owner.name && owner.name.trim()) {
    labels.add(fold(owner.name));
    labels.add(fold(owner.name.trim().split(/\s+/)[0]));
  }
  if (owner.email && owner.email.includes('@')) labels.add(fold(owner.email.slice(0, owner.email.lastIndexOf('@'))));
  labels.delete('');
  return labels;
}

/**
 * Spec 4.13 rule 3: `me` and `them` are literal (in any case); any other label equal,
 * case-insensitively, to the owner's name, first name or email local part is `me`; every other label
 * is `them`. No label (rule 4) is `unknown`, and so is the literal label `unknown` of a segment:
 * nothing is guessed.
 */
export function speakerOf(label: string | null, ownerLabelSet: Set<string>): TranscriptSpeaker {
  if (label === null) return 'unknown';
  const folded = fold(label);
  if (folded === 'me') return 'me';
  if (folded === 'them') return 'them';
  if (folded === 'unknown' || folded === '') return 'unknown';
  return ownerLabelSet.has(folded) ? 'me' : 'them';
}
