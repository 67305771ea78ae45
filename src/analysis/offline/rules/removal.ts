/**
 * Complaints about something taken away ("why did you remove bulk edit?? bring it back"). Product
 * convention: a removal is a `complaint` (negative); asking for something that never existed is a
 * `feature_request`. Taking away a nuisance ("thanks for removing the ads") is not a removal complaint.
 * The word lists are data (`lists/removal.json`).
 */
import { ruleLists } from './rule-lists.js';
import lists from './lists/removal.json' with { type: 'json' };

const { removal, nuisanceRemoved } = ruleLists(lists);

const REMOVAL = new RegExp(removal.phrases, 'i');

const { removing, pointer, nuisance } = nuisanceRemoved;
const NUISANCE_SOURCE = String.raw`\b${removing}\s+(all )?(${pointer} )*${nuisance}\b|\b${nuisance} (is|are|has been|have been) (gone|removed)\b`;
const NUISANCE = new RegExp(NUISANCE_SOURCE, 'i');
/** Every removal of a nuisance in a text, to set them aside when looking for problems. */
export const REMOVED_NUISANCES = new RegExp(NUISANCE_SOURCE, 'gi');

export function isRemovalComplaint(text: string): boolean {
  return REMOVAL.test(text) && !NUISANCE.test(text);
}

export function removesNuisance(text: string): boolean {
  return NUISANCE.test(text);
}
