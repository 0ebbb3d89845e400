import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { isGlintPath } from '../../../shared/support/support';

/**
 * The elements an answer may become; anything else Markdown makes (images, quotes, rules, tables)
 * gives way to its content. HTML written in an answer is dropped, never rendered (`skipHtml`).
 */
const ALLOWED = ['p', 'ul', 'ol', 'li', 'code', 'pre', 'strong', 'em', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** Only this site's own paths (`/…`) stay a link's target; any other (`javascript:`, another site) is dropped. */
const glintPathsOnly = (url: string) => (isGlintPath(url) ? url : null);

const heading = 'font-semibold';

/**
 * How each element looks inside the answer's bubble (`bg-muted`, text in the foreground colour).
 * `node` is react-markdown's syntax tree node, not an attribute.
 */
function components(onNavigate: () => void): Components {
  return {
    // A link whose target was dropped shows its words alone.
    a: ({ href, children }) =>
      href && isGlintPath(href) ? (
        <Link to={href} onClick={onNavigate} className="font-medium text-primary underline underline-offset-2">
          {children}
        </Link>
      ) : (
        <>{children}</>
      ),
    p: ({ children }) => <p>{children}</p>,
    ul: ({ children }) => <ul className="list-disc space-y-1 pl-4">{children}</ul>,
    ol: ({ children }) => <ol className="list-decimal space-y-1 pl-4">{children}</ol>,
    li: ({ children }) => <li>{children}</li>,
    strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
    em: ({ children }) => <em>{children}</em>,
    code: ({ children }) => <code className="rounded border bg-background px-1 font-mono text-[0.9em]">{children}</code>,
    // A code block: its `code` loses the inline look and keeps its lines.
    pre: ({ children }) => (
      <pre className="overflow-x-auto rounded-md border bg-background p-2 font-mono text-xs [&>code]:border-0 [&>code]:p-0 [&>code]:text-xs">{children}</pre>
    ),
    // Under the panel's title (an h2): an answer's headings start at h3.
    h1: ({ children }) => <h3 className={`${heading} text-base`}>{children}</h3>,
    h2: ({ children }) => <h3 className={`${heading} text-base`}>{children}</h3>,
    h3: ({ children }) => <h4 className={heading}>{children}</h4>,
    h4: ({ children }) => <h5 className={heading}>{children}</h5>,
    h5: ({ children }) => <h6 className={heading}>{children}</h6>,
    h6: ({ children }) => <h6 className={heading}>{children}</h6>,
  };
}

/**
 * An answer of the support assistant, from its Markdown: paragraphs, lists, code, emphasis,
 * headings and links to Glint's own paths. No HTML from the answer is ever rendered, and a link
 * anywhere else (another site, `javascript:`, `data:`) shows as its text (docs/security.md).
 */
export function SupportAnswer({ text, onNavigate }: { text: string; onNavigate: () => void }) {
  return (
    <div className="space-y-2">
      <Markdown allowedElements={ALLOWED} unwrapDisallowed skipHtml urlTransform={glintPathsOnly} components={components(onNavigate)}>
        {text}
      </Markdown>
    </div>
  );
}
