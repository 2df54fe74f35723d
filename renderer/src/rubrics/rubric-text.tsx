/**
 * Rubric prose with its `backticked` spans set as code, the way miners write column names and
 * calls. Everything goes in as text nodes: a rubric may quote any markup.
 */
export function RubricText({ text }: { text: string }) {
  const parts = text.split('`');
  // An odd number of backticks leaves the last one unpaired: show it as written.
  const paired = parts.length % 2 === 1;
  return (
    <>
      {parts.map((part, i) => {
        if (i % 2 === 0) return <span key={i}>{part}</span>;
        if (!paired && i === parts.length - 1) return <span key={i}>`{part}</span>;
        return <code key={i}>{part}</code>;
      })}
    </>
  );
}
