import { redirect } from 'next/navigation';

/** The console opens on the skill catalog until the chat lands (a later issue). */
export default function Home() {
  redirect('/skills');
}
