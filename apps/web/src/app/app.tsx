/** Placeholder until the web app issue builds the store's screens. */
export function App() {
  return (
    <main>
      <h1>T-Shirt Store</h1>
      <p>The shop is being set up.</p>
    </main>
  );
}
