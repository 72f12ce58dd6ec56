/** The dashboard's sections, in page order: in-page links and the print view's contents. */
export const SECTIONS = [
  { id: 'qa-score', title: 'QA score over time' },
  { id: 'compliance', title: 'Compliance' },
  { id: 'customers', title: 'Customer outcomes' },
  { id: 'coverage', title: 'Coverage and review' },
  { id: 'operations', title: 'Operations' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];
/** A section's heading, the same on the page, in its jump link and in the print view. */
export const sectionTitle = (id: SectionId) => SECTIONS.find((s) => s.id === id)!.title;

/** Jump links to the sections of a long page. */
export function SectionLinks() {
  return (
    <nav aria-label="Dashboard sections" className="flex flex-wrap gap-2 text-sm print:hidden">
      {SECTIONS.map((s) => (
        <a
          key={s.id}
          href={`#${s.id}`}
          className="rounded-full border border-slate-200 bg-white px-3 py-1 text-slate-700 hover:border-indigo-300 hover:text-indigo-700"
        >
          {s.title}
        </a>
      ))}
    </nav>
  );
}
