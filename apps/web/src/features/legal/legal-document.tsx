/** A legal text: numbered sections of paragraphs and lists, with a table of contents. */
export interface LegalSection {
  id: string;
  title: string;
  body: (string | string[])[];
}

export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <article className="container page legal">
      <h1>{title}</h1>
      <p className="muted">Last updated: {updated}</p>
      <p className="lead">{intro}</p>
      <nav aria-label="Contents" className="legal-toc">
        <h2>Contents</h2>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`}>
          <h2 id={`${s.id}-h`}>
            {i + 1}. {s.title}
          </h2>
          {s.body.map((block) =>
            Array.isArray(block) ? (
              <ul key={block.join('|')}>
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : (
              <p key={block}>{block}</p>
            ),
          )}
        </section>
      ))}
    </article>
  );
}
