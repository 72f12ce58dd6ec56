import { FUNCTION_NAMES } from '../analysis/index.ts';

/**
 * The product a message names, against the products in the data (a tool's list at run time, so
 * any product, not only HELOC 2.0).
 * - Case, plurals and partial names count: "heloc" → "HELOC 2.0", "homeowner loans" → "Homeowner
 *   Loan", "debt consolidation" → "Debt Consolidation Loan". A partial name must include a word
 *   only that product has and that is not generic ("loan" alone names none when several are loans).
 * - Of several products named, the one with most of its words said; between equals, the first said.
 * - A product-like phrase that is none of them ("the new Bridging Loan product", "explaining Gold
 *   Saver") → `{ unknown }`, for the Planner to ask; no product words at all → null.
 * - Never dropped: a word for a kind of product ("mortgage", "loans", "savings account") that no
 *   product has, or that several have, is `{ unknown, candidates }` — the products sharing a word
 *   with what was said ("mortgage" → "Second Charge Mortgage"; "loan" → every loan), for "did you
 *   mean …?" / "which of …?"; none shared: no candidates, the caller lists every product.
 */
export type ProductMatch = { name: string; said: string } | { unknown: string; candidates?: string[] } | null;

interface Token {
  word: string;
  from: number;
  to: number;
}

const tokensOf = (s: string): Token[] =>
  [...s.matchAll(/[\p{L}\p{N}]+(?:\.\p{N}+)*/gu)].map((m) => ({ word: m[0].toLowerCase(), from: m.index, to: m.index + m[0].length }));
/** The singular a word may stand for: "loans" → "loan", "HELOCs" → "heloc". */
const singular = (w: string) => (/[^s]s$/.test(w) && w.length > 3 ? w.slice(0, -1) : w);
const same = (said: string, productWord: string) => said === productWord || singular(said) === productWord;

/** Words that describe a kind of product rather than name one. */
const GENERIC = new Set(['loan', 'loans', 'product', 'products', 'mortgage', 'mortgages', 'account', 'plan', 'the', 'new', 'and', 'of']);
/** Words that are not part of an unknown product's name (what comes before "product" in a request). */
const NOT_PRODUCT = new Set(
  (
    'the a an new our this that these those their his her its which what any every each explain explaining explains explained ' +
    'explanation describe describing describes described present presenting pitch pitching check checking checks whether if are ' +
    'is were was advisors advisor advisers adviser calls call in on of for about how well correctly properly and or to same other ' +
    'all my your we i they them us same right wrong correct qa quality review'
  )
    .split(' ')
    // The analysis functions' own names ("compliance", "score"): lib/analysis/functions.ts.
    .concat(FUNCTION_NAMES),
);

function known(text: string, products: string[]): { name: string; said: string; words: number; at: number } | null {
  const said = tokensOf(text);
  const words = products.map((p) => tokensOf(p).map((t) => t.word));
  let best: { name: string; said: string; words: number; at: number } | null = null;
  products.forEach((name, p) => {
    const own = words[p]!.filter((w) => !GENERIC.has(w) && words.every((other, k) => k === p || !other.includes(w)));
    for (let i = 0; i < said.length; i++) {
      for (let start = 0; start < words[p]!.length; start++) {
        let n = 0;
        while (i + n < said.length && start + n < words[p]!.length && same(said[i + n]!.word, words[p]![start + n]!)) n++;
        const matched = words[p]!.slice(start, start + n);
        if (!n || !matched.some((w) => own.includes(w))) continue;
        if (!best || n > best.words || (n === best.words && i < best.at)) {
          best = { name, said: text.slice(said[i]!.from, said[i + n - 1]!.to), words: n, at: i };
        }
      }
    }
  });
  return best;
}

const PRODUCT_WORD = /\bproducts?\b/gi;
const EXPLAINING = new RegExp(
  String.raw`\b(?:explain(?:s|ed|ing)?|explanation\s+of|describ(?:e|es|ed|ing)|present(?:s|ed|ing)?|pitch(?:es|ed|ing)?)\s+` +
    String.raw`(?:the\s+)?(?:new\s+)?((?:[\p{Lu}\p{N}][\p{L}\p{N}.]*\s*){1,4})`,
  'u',
);

/** A product-like phrase: up to three words before "product", or capitalised words after "explaining". */
function unknownIn(text: string): string | null {
  for (const m of text.matchAll(PRODUCT_WORD)) {
    const before = tokensOf(text.slice(0, m.index)).slice(-3);
    let k = before.length;
    while (k > 0 && !NOT_PRODUCT.has(before[k - 1]!.word)) k--;
    const name = before.slice(k);
    if (name.length && !name.every((t) => GENERIC.has(t.word))) return text.slice(name[0]!.from, name.at(-1)!.to);
  }
  const explained = EXPLAINING.exec(text)?.[1]?.trim();
  return explained || null;
}

/** Words for a kind of product: said alone, they name one only if a product is called that. */
const KIND =
  /\b(?:(?:re)?mortgages?|loans?|savings?\s+accounts?|savings|current\s+accounts?|credit\s+cards?|isas?|pensions?|insurance|bonds?)\b/i;

/** The products that share a word (singular) with what was said, in the list's order. */
function sharing(said: string, products: string[]): string[] {
  const words = new Set(
    tokensOf(said)
      .map((t) => singular(t.word))
      .filter((w) => !NOT_PRODUCT.has(w) && w !== 'product'),
  );
  return products.filter((p) => tokensOf(p).some((t) => words.has(singular(t.word))));
}

export function matchProduct(text: string, products: string[]): ProductMatch {
  if (!Array.isArray(products) || products.some((p) => typeof p !== 'string')) {
    throw new TypeError('matchProduct: products must be a list of product names (strings)');
  }
  const found = known(text, products);
  if (found) return { name: found.name, said: found.said };
  const unknown = unknownIn(text) ?? text.match(KIND)?.[0] ?? null;
  if (!unknown) return null;
  const candidates = sharing(unknown, products);
  return candidates.length ? { unknown, candidates } : { unknown };
}
