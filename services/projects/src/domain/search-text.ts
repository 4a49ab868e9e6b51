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
  return websearchTerms(q).join(' ');
}

/** The terms `websearchText` joins: `word`, `-word`, `"a phrase"`, `-"a phrase"` and `or`. */
function websearchTerms(q: string): string[] {
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
  return terms;
}

/** `or` between two terms is websearch's operator, in any case. */
const OR = /^or$/i;

/** What search ranks by (ADR 0013): the query, and the words that may put a project in a higher tier. */
export interface SearchQuery {
  /** The whole query in websearch syntax (`websearchText`). */
  text: string;
  /** Every word the query asks for (in a phrase too), not the excluded ones nor `or`. */
  wanted: string[];
  /**
   * Only words, all required: the query is the AND of its words, so "some word in the title and
   * the rest anywhere" can be written word by word, which the planner estimates well.
   */
  plain: boolean;
  /** A term is excluded (`-word`): the title alone can no longer tell that the whole text matches. */
  excludes: boolean;
}

export function searchQuery(q: string): SearchQuery {
  const terms = websearchTerms(q);
  const wanted = terms
    .filter((term) => !term.startsWith('-') && !OR.test(term))
    .flatMap((term) => (term.startsWith('"') ? term.slice(1, -1).split(' ') : [term]));
  return {
    text: terms.join(' '),
    wanted,
    plain: terms.every((term) => !term.startsWith('-') && !term.startsWith('"') && !OR.test(term)),
    excludes: terms.some((term) => term.startsWith('-')),
  };
}
