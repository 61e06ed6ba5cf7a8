/**
 * Placeholder for /financial-data-api-documentation; the documentation feature replaces it.
 * It is a lazy route (its own chunk), so it keeps its markup to itself.
 */
export function DocsPage() {
  return (
    <section className="message-page">
      <h1>Financial Data API Documentation</h1>
      <p className="lead">This page is being prepared.</p>
    </section>
  );
}
