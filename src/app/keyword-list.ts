/** Keywords typed into a form: separated by commas or line breaks; blank entries between separators are dropped. */
export const keywordList = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
