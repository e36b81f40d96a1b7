import ts from 'typescript';

// Finds words of the UI written in the code instead of the message catalog: JSX text, text-bearing JSX
// attributes and string literals that read as prose. Used by untranslated.test.ts on every source file; a line
// that truly holds no words for people (a brand name, a file format) says so with `// i18n-ignore: why` on it
// or on the line before.

/** JSX attributes whose strings are never shown to people. */
const NON_TEXT_ATTRIBUTES = new Set(
  [
    'className href to path titleKey type name id key role autoComplete inputMode variant size slot rel target',
    'method accept lang dir pattern form src tone placement elementType orientation selectionMode align',
    'justify as icon kind htmlFor download enterKeyHint autoCapitalize spellCheck width height viewBox',
    'fill stroke d xmlns strokeWidth strokeLinecap strokeLinejoin fillRule clipRule loading decoding',
    'referrerPolicy sizes media mode level layout density defaultValue value defaultSelectedKey',
    'selectedKey testId data-testid trigger capture step min max minLength maxLength colSpan rowSpan',
    'scope headers cx cy r x y points transform focusable style tabIndex aria-hidden aria-live',
    'aria-current aria-haspopup aria-controls aria-labelledby aria-describedby aria-atomic aria-busy',
    'aria-expanded aria-pressed aria-sort aria-invalid aria-relevant aria-orientation',
  ]
    .join(' ')
    .split(' '),
);

/** Functions and calls whose string arguments are not words for people. */
const NON_TEXT_CALLS =
  /^(t|messages|console\.\w+|import|require|useSearchParams|get|set|has|delete|getItem|setItem|removeItem|querySelector|querySelectorAll|matchMedia|addEventListener|removeEventListener|createElement|startsWith|endsWith|includes|split|replace|replaceAll|match|test|indexOf|join|append|fetch|navigate|new URL|new Error|new TypeError|new RangeError|Error|Symbol\.for|postMessage|getAttribute|setAttribute|setProperty|dispatchEvent|new CustomEvent|new Event|Intl\.\w+|new Intl\.\w+|toLocaleString|localeCompare|GET|POST|PUT|DELETE|PATCH)$/;

/** Words that read the same in every language Kitty speaks. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Kitty',
  'Splitwise',
  'Spliit',
  'SplitPro',
  'IHateMoney',
  'Cospend',
  'CSV',
  'JSON',
  'PDF',
  'OK',
]);

const LETTER = /\p{L}/u;
/** A string literal that reads as words for people: "Save", "Sign In", "Loading...", "is required". */
const PROSE =
  /^(?:[A-Z][a-z'’]+(?:[ -][A-Za-z'’]+)*[.!?…:]*|[A-Za-z'’]+(?:[ ,][A-Za-z'’.,!?…:()-]+)+|.*\.\.\.|.*…)$/;

export interface Finding {
  line: number;
  text: string;
}

function ignored(source: ts.SourceFile, node: ts.Node): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split('\n');
  return [lines[line], lines[line - 1]].some((l) => l?.includes('i18n-ignore'));
}

function calleeName(call: ts.CallExpression | ts.NewExpression, source: ts.SourceFile): string {
  const text = call.expression.getText(source);
  const name = ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : text;
  return ts.isNewExpression(call)
    ? `new ${text}` // i18n-ignore: code, not words
    : NON_TEXT_CALLS.test(text)
      ? text
      : name;
}

function literalText(node: ts.Node, source: ts.SourceFile): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join('');
  }
  void source;
  return null;
}

/** Whether a string literal sits where code, not a person, reads it. */
function codeOnly(node: ts.Node, source: ts.SourceFile): boolean {
  const parent = node.parent;
  if (!parent) return true;
  if (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isImportTypeNode(parent.parent ?? parent)
  )
    return true;
  if (ts.isLiteralTypeNode(parent)) return true;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent)) return true;
  if (ts.isCaseClause(parent)) return true;
  if (ts.isBinaryExpression(parent) && /^(===|!==|==|!=|in)$/.test(parent.operatorToken.getText(source)))
    return true;
  if (
    (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
    NON_TEXT_CALLS.test(calleeName(parent, source))
  )
    return true;
  if (
    ts.isJsxAttribute(parent) ||
    (ts.isJsxExpression(parent) && parent.parent && ts.isJsxAttribute(parent.parent))
  ) {
    const attribute = ts.isJsxAttribute(parent) ? parent : (parent.parent as ts.JsxAttribute);
    const name = attribute.name.getText(source);
    return NON_TEXT_ATTRIBUTES.has(name) || name.startsWith('data-') || name.startsWith('on');
  }
  return false;
}

/** The untranslated words of one source file, with their lines. */
export function findUntranslated(fileName: string, code: string): Finding[] {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    if (SAME_IN_EVERY_LANGUAGE.has(text.trim()) || ignored(source, node)) return;
    findings.push({
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: text.trim(),
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text)) report(node, node.text);
    } else {
      const text = literalText(node, source);
      if (text !== null) {
        const inAttribute =
          node.parent &&
          (ts.isJsxAttribute(node.parent) ||
            (ts.isJsxExpression(node.parent) && node.parent.parent && ts.isJsxAttribute(node.parent.parent)));
        const inJsxChild =
          node.parent &&
          ts.isJsxExpression(node.parent) &&
          node.parent.parent &&
          (ts.isJsxElement(node.parent.parent) || ts.isJsxFragment(node.parent.parent));
        const words =
          inAttribute || inJsxChild ? LETTER.test(text) && /\p{L}{2}/u.test(text) : PROSE.test(text.trim());
        if (words && !codeOnly(node, source)) report(node, text);
        if (ts.isTemplateExpression(node)) for (const span of node.templateSpans) visit(span.expression);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}
