/**
 * What every theme of a set is called right after the last item ("a short phrase a
 * person would write, not stems"), singletons included, since a new project's list is mostly small
 * themes. Counts the labels that are c-TF-IDF term lists ("bitte eine / objekten einbauen") and those
 * with a function or filler word at the edge of a part ("de las", "entfernen von"), judged in the
 * language of the theme's texts, and shows the labels of themes whose texts are mostly not English.
 */
import type { ThemeLabeler } from '../../src/analysis/labeler.js';
import { ASPECTS } from '../../src/resources/aspect-taxonomy.js';
import { functionWordLanguage, isLabelStopWordOf, isStopWord } from '../../src/resources/text.js';

export interface LabelCheck {
  themes: number;
  termLists: string[];
  /** Labels with a function or filler word at the edge of a part. */
  functionWordAtEdge: string[];
  /** Labels of the themes whose texts are mostly not English, largest first. */
  foreign: string[];
}

/** Each theme's texts and its c-TF-IDF terms, labelled as the worker labels them. */
export async function checkLabels(themes: readonly { texts: string[]; terms: string[] }[], labeler: ThemeLabeler): Promise<LabelCheck> {
  const check: LabelCheck = { themes: themes.length, termLists: [], functionWordAtEdge: [], foreign: [] };
  for (const theme of [...themes].sort((a, b) => b.texts.length - a.texts.length)) {
    const label = await labeler.label({ texts: theme.texts, terms: theme.terms });
    const language = majorityLanguage(theme.texts);
    if (label.includes(' / ')) check.termLists.push(label);
    if (hasFunctionWordAtEdge(label, language)) check.functionWordAtEdge.push(label);
    if (language !== undefined && language !== 'en') check.foreign.push(label);
  }
  return check;
}

export function printLabelCheck(name: string, check: LabelCheck, shown = 8): void {
  const quoted = (labels: string[]) =>
    labels
      .slice(0, shown)
      .map((label) => `"${label}"`)
      .join(', ') + (labels.length > shown ? ', …' : '');
  console.log(
    `  ${name}: ${check.themes} themes, ${check.termLists.length} labelled by a term list, ${check.functionWordAtEdge.length} with a function word at an edge`,
  );
  if (shown === 0) return;
  if (check.termLists.length > 0) console.log(`    term lists: ${quoted(check.termLists)}`);
  if (check.functionWordAtEdge.length > 0) console.log(`    with a function word: ${quoted(check.functionWordAtEdge)}`);
  if (check.foreign.length > 0) console.log(`    mostly non-English themes: ${quoted(check.foreign)}`);
}

/** Aspect names as the labeler shows them: "Sign in" and "Check in" end with a particle by design. */
const ASPECT_LABELS = new Set(ASPECTS.map(({ aspect }) => aspect.replace(/-/g, ' ').toLowerCase()));

function hasFunctionWordAtEdge(label: string, language: string | undefined): boolean {
  if (ASPECT_LABELS.has(label.toLowerCase())) return false;
  return label.split(' / ').some((part) => {
    const words = part.toLowerCase().match(/[\p{L}]+/gu) ?? [];
    return [words[0], words[words.length - 1]].some((w) => w !== undefined && (isStopWord(w) || isLabelStopWordOf(language, w)));
  });
}

function majorityLanguage(texts: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const language = functionWordLanguage(text) ?? 'unknown';
    counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  const language = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  return language === 'unknown' ? undefined : language;
}
