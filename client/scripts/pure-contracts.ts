// shared-contracts' top-level values are declarations (schemas, messages, rules, patterns), but a
// bundler cannot tell that building a zod schema changes nothing else: it keeps every schema of a
// module the app imports anything from, and zod with them, in the first bundle. This plugin marks
// the calls computing those values pure (`/*#__PURE__*/`), so Rollup drops the values nobody uses
// and a page that checks nothing with a schema does not load zod.
import type { Plugin, Rollup } from 'vite';

/** The contracts' ES modules, as the client imports them (shared-contracts/dist/esm). */
const CONTRACTS_MODULE = /[\\/]shared-contracts[\\/]dist[\\/]esm[\\/].+\.js$/;

const PURE = '/*#__PURE__*/ ';

/** What the walk reads of an ESTree node: its type and where it starts (Rollup's parser counts UTF-16 units). */
interface AstNode {
  type: string;
  start: number;
  [field: string]: unknown;
}

/** Whether `value` is an AST node (an object with a `type`). */
const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The child nodes of `node`, in source order. */
function childrenOf(node: AstNode): AstNode[] {
  return Object.values(node).flatMap((value) => (Array.isArray(value) ? value : [value])).filter(isNode);
}

/** Where each call or `new` runs while `expression` is evaluated, leaving out function bodies (they run later, if ever). */
function callsEvaluatedBy(expression: AstNode): number[] {
  if (expression.type === 'ArrowFunctionExpression' || expression.type === 'FunctionExpression') return [];
  const here = expression.type === 'CallExpression' || expression.type === 'NewExpression' ? [expression.start] : [];
  return [...here, ...childrenOf(expression).flatMap(callsEvaluatedBy)];
}

/** The initial values of a module's top-level `const`/`let`/`var` declarations, exported or not. */
function topLevelInitializers(program: Rollup.ProgramNode): AstNode[] {
  return (program.body as unknown as AstNode[]).flatMap((statement) => {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') return [];
    return (declaration.declarations as AstNode[]).flatMap((declarator) => (isNode(declarator.init) ? [declarator.init] : []));
  });
}

/** `code` with every call evaluated by a top-level declaration's initial value marked pure. */
export function markDeclarationsPure(code: string, program: Rollup.ProgramNode): string {
  const starts = [...new Set(topLevelInitializers(program).flatMap(callsEvaluatedBy))].sort((a, b) => b - a);
  let marked = code;
  for (const start of starts) marked = `${marked.slice(0, start)}${PURE}${marked.slice(start)}`;
  return marked;
}

/** The Vite plugin (build only: the development server does not tree-shake). */
export function pureContracts(): Plugin {
  return {
    name: 'seyirlik:pure-contracts',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACTS_MODULE.test(id)) return null;
      return { code: markDeclarationsPure(code, this.parse(code)), map: null };
    },
  };
}
