import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No dependency is patched at run time (decision 0019): nothing in src/ changes a prototype, a package's or its own
 * (the stricter rule is the simpler one to hold). Assignments to a `.prototype` member and Object.defineProperty /
 * defineProperties / assign / setPrototypeOf on a prototype are refused; tests may spy.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/** The expression under parentheses, `as`, `satisfies` and `!`. */
function unwrapped(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** True when the expression is `X.prototype`, or a member of it at any depth (`X.prototype.y`, `(X.prototype as T).y`). */
function reachesPrototype(node: ts.Expression): boolean {
  let current = unwrapped(node);
  for (;;) {
    if (ts.isPropertyAccessExpression(current)) {
      if (current.name.text === 'prototype') return true;
      current = unwrapped(current.expression);
    } else if (ts.isElementAccessExpression(current)) {
      if (ts.isStringLiteralLike(current.argumentExpression) && current.argumentExpression.text === 'prototype')
        return true;
      current = unwrapped(current.expression);
    } else return false;
  }
}

const PROTOTYPE_WRITERS = new Set(['defineProperty', 'defineProperties', 'assign', 'setPrototypeOf']);

/** Each place in the source that writes to a prototype, as `line: text`. */
function prototypeWrites(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().split('\n')[0]}`);
  const visit = (node: ts.Node) => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    ) {
      if (reachesPrototype(node.left)) report(node);
    } else if (ts.isCallExpression(node)) {
      const callee = unwrapped(node.expression);
      const isObjectWriter =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        ['Object', 'Reflect'].includes(callee.expression.text) &&
        PROTOTYPE_WRITERS.has(callee.name.text);
      if (isObjectWriter && node.arguments[0] && reachesPrototype(node.arguments[0])) report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no prototype is patched in src/', () => {
  it('finds the ways of writing to a prototype', () => {
    const writes = prototypeWrites(
      'sample.ts',
      [
        "import DataStream from 'nodemailer/lib/smtp-connection/data-stream';",
        '(DataStream.prototype as unknown as { _transform: unknown })._transform = fast;',
        "Object.defineProperty(Socket.prototype, 'write', { value: write });",
        "Reflect.defineProperty(Socket['prototype'], 'end', { value: end });",
        'Object.assign(Buffer.prototype, extras);',
        'Array.prototype.last ||= last;',
        'const keep = Object.getOwnPropertyNames(Socket.prototype); const y = Socket.prototype.write; x.prototypeName = 1;',
      ].join('\n'),
    );
    expect(writes.map((write) => write.split(':')[0])).toEqual(['2', '3', '4', '5', '6']);
  });

  it('src/ writes to none', () => {
    const files = sourceFiles(join(root, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const writes = files.flatMap((file) =>
      prototypeWrites(file, readFileSync(file, 'utf8')).map((write) => `${relative(root, file)}:${write}`),
    );
    expect(writes).toEqual([]);
  });
});
