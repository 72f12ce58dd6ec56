/**
 * AST of the JSONPath dialect used by ASL (JSONPath query language): what `parsePath` produces and
 * what the evaluator consumes. Positions are not kept in the tree; parse errors carry them.
 */

/** `$` is the state's input; `$$` is the context object. */
export type PathRoot = '$' | '$$';

export interface PathAst {
  root: PathRoot;
  segments: PathSegment[];
}

export type MemberSelector = { type: 'member'; name: string };
/** A negative index counts from the end of the array (`[-1]` is the last element). */
export type IndexSelector = { type: 'index'; index: number };
export type WildcardSelector = { type: 'wildcard' };
/** `[start:end:step]`; null means "omitted" (defaults are the evaluator's business). */
export type SliceSelector = { type: 'slice'; start: number | null; end: number | null; step: number | null };
/** `[0,2]` or `['a','b']`: two or more members or indexes. */
export type UnionSelector = { type: 'union'; selectors: Array<MemberSelector | IndexSelector> };
/** `[?(expr)]`: keeps the children for which `expr` is truthy (`@` is the child). */
export type FilterSelector = { type: 'filter'; expression: PathExpression };
/** `[(expr)]` (Goessner script expression): the child whose member name or index is the value of `expr`. */
export type ScriptSelector = { type: 'script'; expression: PathExpression };

export type Selector = MemberSelector | IndexSelector | WildcardSelector | SliceSelector | UnionSelector | FilterSelector | ScriptSelector;

/** `..sel`: applies `sel` to the current node and all its descendants. */
export type DescendantSegment = { type: 'descendant'; selector: Selector };

export type PathSegment = Selector | DescendantSegment;

export type BinaryOperator = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '=~' | '+' | '-' | '*' | '/' | '%';

/** Expressions inside `[?( )]` and `[( )]`. */
export type PathExpression =
  | { type: 'literal'; value: string | number | boolean | null }
  | { type: 'regex'; pattern: string; flags: string }
  /** `@...` (root '@', the current node), `$...` or `$$...` */
  | { type: 'query'; root: '@' | PathRoot; segments: PathSegment[] }
  | { type: 'unary'; operator: '!' | '-'; operand: PathExpression }
  | { type: 'binary'; operator: BinaryOperator; left: PathExpression; right: PathExpression };

/**
 * `isReferencePath`: the path names at most one node (only member and index steps: no wildcards,
 * descent, slices, unions, filters or scripts), as ASL requires for ResultPath, ItemsPath, etc.
 */
export type ParsePathResult = { ok: true; ast: PathAst; isReferencePath: boolean } | { ok: false; error: string; position: number };
