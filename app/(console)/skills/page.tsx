export default function SkillsPage() {
  return <h1 className="text-2xl font-semibold">Skills</h1>;
}
