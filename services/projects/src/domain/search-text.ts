/**
 * Characters tsquery syntax gives a meaning to, besides `-` and `"`; in a search box they are
 * punctuation. (`websearch_to_tsquery` skips some, reads others as operators.)
 */
const OPERATOR_CHARACTERS = /[!&|()<>:*]/g;

/** A term whose leading operator characters include a dash. */
const LEADING_DASH = /^[-!&|()<>:*]*-/;

/** A phrase (`-` before it excludes it; an unclosed quote runs to the end), or a run of anything else but space. */
const TERMS = /(-*)"([^"]*)"?|[^\s"]+/g;

/**
 * The words of one run of text: split at operator characters, each word's leading and trailing dashes
 * dropped and inner runs of dashes made one (`state-of-the-art` stays one hyphenated word).
 */
function wordsOf(text: string): string[] {
  return text
    .replace(OPERATOR_CHARACTERS, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^-+|-+$/g, '').replace(/-{2,}/g, '-'))
    .filter((word) => word !== '');
}

/**
 * A search box's text in the `websearch_to_tsquery` syntax that ADR 0008 promises and nothing else:
 * words, `"a phrase"`, `or`, and one `-` right before a word or phrase to exclude it. Every other
 * operator character is punctuation, runs of `-` are one, and a `-` that touches no word or phrase is
 * dropped: Postgres parses each `-` before an operand as a NOT and gives up on 33 of them in a row
 * ("tsquery stack too small"), which made `q=` followed by 50 dashes a 500. What the user meant is
 * kept, so the same projects are found; operators only find nothing, like stop words only.
 */
export function websearchText(q: string): string {
  const terms: string[] = [];
  for (const [term, phraseDashes, phrase] of q.matchAll(TERMS)) {
    if (phrase !== undefined) {
      const words = wordsOf(phrase);
      if (words.length > 0) terms.push(`${phraseDashes ? '-' : ''}"${words.join(' ')}"`);
      continue;
    }
    const [first, ...rest] = wordsOf(term);
    if (first === undefined) continue;
    // `-word` (also after other operator characters, as in `!-word`) excludes the word.
    const excluded = LEADING_DASH.test(term);
    terms.push(excluded ? `-${first}` : first, ...rest);
  }
  return terms.join(' ');
}
