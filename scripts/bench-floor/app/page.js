// The floor's only page: a server component, no client code, no CSS.
export default function EmptyPage() {
  return <main>Empty page</main>;
}
