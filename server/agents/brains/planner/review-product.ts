import type { BrainDecision } from '../brain.ts';
import { matchPeople, matchProduct } from '../../../../lib/nl/index.ts';
import { productCues } from '../../../../lib/nl/mention.ts';
import { fold } from '../../../../lib/nl/names.ts';
import type { PlannerContext } from './context.ts';
import type { PlannerRequest } from './request.ts';
import { directoryOf } from './resolve.ts';

/**
 * A product said in a review ("Priya's mortgage calls last week", "review the HELOC calls in
 * June"): never dropped. The review workflows take an advisor (or several) and a period — their
 * input has no product — so a review cannot be narrowed to one product's calls; the Planner says
 * so plainly before its confirmation, which then asks about all of the calls. A word for a product
 * the CRM does not have ("mortgage" where no product is one) is said back with the products there
 * are. The CRM's products are read through `list_products`, only when the words may name one.
 */
export type ProductNote = { note: string | null } | { call: BrainDecision };

/** Words of the request that may be a product's: not ordinary English, not a request word, not the people or teams named. */
function mayNameProduct(ctx: PlannerContext, req: PlannerRequest): boolean {
  const directory = directoryOf(ctx.find('list_advisors')?.result);
  return req.texts.some((text) => {
    if (matchProduct(text, [])) return true; // a kind of product ("mortgage"), "… product", "explaining …"
    const found = matchPeople(text, directory);
    const teamWords = found.teams.flatMap((t) => t.split(/\s+/));
    const peopleWords = [...found.people.flatMap((m) => [m.said, m.name ?? '']), ...teamWords].flatMap((n) => n.split(/\s+/)).map(fold);
    // Lower-case words are left to the kinds of product above: names of products are written capitalised or as acronyms.
    return productCues(text).some((w) => !peopleWords.includes(fold(w.replace(/['’]s$/, ''))));
  });
}

export function productNote(ctx: PlannerContext, req: PlannerRequest): ProductNote {
  if (!mayNameProduct(ctx, req)) return { note: null };
  const listed = ctx.find('list_products');
  if (!listed) {
    if (!ctx.has('list_products')) return { note: null };
    return {
      call: ctx.call([['list_products', {}]], "The review names what may be a product: read the CRM's products, never drop the word."),
    };
  }
  if (!listed.ok) return { call: ctx.failed(listed, "read the CRM's list of products") };
  const products = (Array.isArray(listed.result?.products) ? listed.result.products : []) as Array<{ name: string }>;
  const names = products.map((p) => p.name);
  for (const text of [...req.texts].reverse()) {
    const m = matchProduct(text, names);
    if (!m) continue;
    if ('name' in m) {
      return {
        note:
          `I can't narrow a review to ${m.name} calls: a review takes the advisors and the period, not a product, ` +
          'so it covers all of their calls in the period.',
      };
    }
    const which = m.candidates?.length ? m.candidates : names;
    return {
      note:
        `I don't have a product called “${m.unknown}” in the CRM (${m.candidates?.length ? 'the nearest: ' : 'its products: '}` +
        `${which.join(', ')}), and a review cannot be narrowed to a product anyway: it covers all of their calls in the period.`,
    };
  }
  return { note: null };
}
