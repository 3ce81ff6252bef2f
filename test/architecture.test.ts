import { describe, expect, test } from 'bun:test';
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';

/**
 * Dependencies point one way (ARCHITECTURE.md): engine ← db ← bff, engine ← web, engine and db ← cli.
 * This test reads every source file of those parts and refuses an import that points the wrong way, so the
 * rule holds by test rather than by hope.
 */

const ROOT = resolve(import.meta.dir, '..');
const PARTS = ['engine', 'db', 'bff', 'web', 'cli'] as const;
type Part = (typeof PARTS)[number];

const SOURCE_FILE = /\.[cm]?[jt]sx?$/;
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.data']);

/** Parts of the repository each part must not import from, type-only imports included. */
const FORBIDDEN_PARTS: Readonly<Record<Part, readonly Part[]>> = {
  engine: ['db', 'bff', 'web', 'cli'],
  db: ['bff', 'web', 'cli'],
  bff: ['web', 'cli'],
  // The web's contract with the server is engine's schemas: a type from bff would tie the client to the
  // server's code and let them drift apart without a schema noticing.
  web: ['bff', 'db', 'cli'],
  cli: ['bff', 'web'],
};

/**
 * Engine is pure, so it lists what it may use instead of what it may not: no list of I/O modules can be
 * complete ('fs' and 'node:fs', drivers, HTTP clients...). A new pure dependency is added here on purpose.
 */
// color-name: the CSS colour names as data, for the UI style rule (decision 104).
const ENGINE_PACKAGES = new Set(['zod', 'color-name']);
const ENGINE_TEST_PACKAGES = new Set(['bun:test', 'fast-check']);

/** Server-side packages the browser code must never pull in, whichever file wraps them. */
const WEB_FORBIDDEN_PACKAGES = new Set(['postgres', '@electric-sql/pglite', 'elysia']);

interface ImportReference {
  specifier: string;
  typeOnly: boolean;
  line: number;
}

// A `/` after these (or at the start) opens a regex literal; after a name, `)` or `]` it divides.
const REGEX_MAY_FOLLOW = new Set(['', ...'(,=:[!&|?{};+-*%~^']);
const REGEX_MAY_FOLLOW_WORD =
  /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;

/**
 * Blanks comments, template-literal text and the inside of quoted strings, keeping every quote and newline
 * so offsets and lines stay true. Import syntax is then matched on what is left, and the specifier is read
 * back from the original at the same offsets: an import written in a comment or a string is not an import.
 */
function blankNonCode(source: string): string {
  const out = source.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  // Open `${` expressions, each with the number of `{` opened inside it.
  const templateDepths: number[] = [];
  let lastSignificant = '';
  let i = 0;

  const scanTemplateText = () => {
    // i is just past a backtick or the `}` closing a `${`.
    const start = i;
    while (i < source.length) {
      const ch = source[i];
      if (ch === '\\') {
        i += 2;
      } else if (ch === '`') {
        i++;
        blank(start - 1, i);
        lastSignificant = '`';
        return;
      } else if (ch === '$' && source[i + 1] === '{') {
        blank(start - 1, i);
        i += 2;
        templateDepths.push(0);
        lastSignificant = '{';
        return;
      } else {
        i++;
      }
    }
    blank(start - 1, source.length);
  };

  while (i < source.length) {
    const ch = source[i] as string;
    const next = source[i + 1];
    if (ch === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (ch === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (ch === "'" || ch === '"') {
      const start = i + 1;
      i = start;
      while (i < source.length && source[i] !== ch && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      blank(start, Math.min(i, source.length));
      i++;
      lastSignificant = ch;
    } else if (ch === '`') {
      i++;
      scanTemplateText();
    } else if (
      ch === '/' &&
      (REGEX_MAY_FOLLOW.has(lastSignificant) ||
        REGEX_MAY_FOLLOW_WORD.test(source.slice(Math.max(0, i - 12), i).trimEnd()))
    ) {
      // A regex literal: skip it whole so quotes or slashes inside it start nothing.
      i++;
      let inClass = false;
      while (i < source.length && source[i] !== '\n') {
        const c = source[i];
        if (c === '\\') i++;
        else if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) break;
        i++;
      }
      i++;
      lastSignificant = '/regex';
    } else if (ch === '}' && templateDepths.length > 0 && templateDepths[templateDepths.length - 1] === 0) {
      templateDepths.pop();
      i++;
      scanTemplateText();
    } else {
      if (templateDepths.length > 0) {
        const top = templateDepths.length - 1;
        if (ch === '{') templateDepths[top] = (templateDepths[top] as number) + 1;
        if (ch === '}') templateDepths[top] = (templateDepths[top] as number) - 1;
      }
      if (!/\s/.test(ch)) lastSignificant = /[\w$]/.test(ch) ? 'word' : ch;
      i++;
    }
  }
  return out.join('');
}

// Group 1 marks `import type` / `export type`; group 3 is the (blanked) specifier between its quotes.
const STATIC_IMPORT = /(?<![\w$.])import\s+(type\s+)?(?:[\w$*{}\s,]*?\s*from\s*)?(['"])([^'"\n]*)\2/dg;
const RE_EXPORT = /(?<![\w$.])export\s+(type\s+)?[\w$*{}\s,]*?\s*from\s*(['"])([^'"\n]*)\2/dg;
// `typeof import('x')` in a type position is an import of types, refused all the same as a dynamic import.
const CALL_IMPORT = /(?<![\w$.])(import|require)\s*\(\s*(['"])([^'"\n]*)\2/dg;

/** Every module a source text refers to: static and dynamic imports, re-exports, require and import types. */
function scanImports(source: string): ImportReference[] {
  const code = blankNonCode(source);
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  const found: ImportReference[] = [];
  for (const pattern of [STATIC_IMPORT, RE_EXPORT, CALL_IMPORT]) {
    for (const match of code.matchAll(pattern)) {
      const [start, end] = match.indices?.[3] ?? [0, 0];
      found.push({
        specifier: source.slice(start, end),
        typeOnly: pattern !== CALL_IMPORT && Boolean(match[1]),
        line: lineAt(match.index),
      });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

function packageName(specifier: string): string {
  const segments = specifier.split('/');
  return specifier.startsWith('@') ? segments.slice(0, 2).join('/') : (segments[0] as string);
}

/** The import aliases of tsconfig.json (`@engine/*` → `./engine/src/*`), as prefix → repository folder. */
const ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries(
    (
      JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as {
        compilerOptions: { paths: Record<string, string[]> };
      }
    ).compilerOptions.paths,
  ).map(([alias, [target]]) => [
    alias.replace(/\*$/, ''),
    posix.normalize(String(target).replace(/\*$/, '')),
  ]),
);

function aliasTarget(specifier: string): string | null {
  for (const [prefix, folder] of ALIASES) {
    if (specifier.startsWith(prefix)) return `${folder}${specifier.slice(prefix.length)}`;
  }
  return null;
}

function isPathSpecifier(specifier: string): boolean {
  return (
    specifier.startsWith('./') ||
    specifier.startsWith('../') ||
    specifier.startsWith('/') ||
    aliasTarget(specifier) !== null
  );
}

/** The repository path a relative or aliased import lands on; null when it leaves the repository. */
function importedRepoPath(fromFile: string, specifier: string): string | null {
  const aliased = aliasTarget(specifier);
  const target =
    aliased ??
    (specifier.startsWith('/')
      ? relative(ROOT, specifier).split(sep).join('/')
      : posix.normalize(posix.join(posix.dirname(fromFile), specifier)));
  return target.startsWith('../') || target === '..' ? null : target;
}

/** The server may import the web's HTML entry to bundle and serve it; that is shipping the app, not using its code. */
function isServedPage(part: Part, target: string | null): boolean {
  return part === 'bff' && target !== null && target.startsWith('web/') && target.endsWith('.html');
}

function partOf(repoPath: string): Part | null {
  const top = repoPath.split('/')[0];
  return (PARTS as readonly string[]).includes(top as string) ? (top as Part) : null;
}

/** Why one file's imports break the dependency direction; empty when they do not. `file` is repo-relative. */
function findViolations(file: string, source: string): string[] {
  const part = partOf(file);
  if (!part) return [];
  const violations: string[] = [];
  for (const reference of scanImports(source)) {
    const where = `${file}:${reference.line} imports '${reference.specifier}'${reference.typeOnly ? ' (type-only)' : ''}`;
    if (isPathSpecifier(reference.specifier)) {
      const target = importedRepoPath(file, reference.specifier);
      const targetPart = target === null ? null : partOf(target);
      if (targetPart && FORBIDDEN_PARTS[part].includes(targetPart) && !isServedPage(part, target)) {
        violations.push(`${where}: ${part} must not depend on ${targetPart}`);
      } else if (part === 'engine' && targetPart !== 'engine') {
        violations.push(`${where}: engine imports only its own files`);
      }
      continue;
    }
    const name = packageName(reference.specifier);
    if (part === 'engine') {
      const allowed = ENGINE_PACKAGES.has(name) || (TEST_FILE.test(file) && ENGINE_TEST_PACKAGES.has(name));
      if (!allowed)
        violations.push(`${where}: engine is pure and may use only ${[...ENGINE_PACKAGES].join(', ')}`);
    } else if (part === 'web' && WEB_FORBIDDEN_PACKAGES.has(name)) {
      violations.push(`${where}: the browser must not load server code`);
    }
  }
  return violations;
}

/** Square is called from one module (decision 024): anywhere else, the SDK is refused. */
const SQUARE_SDK = 'square';
const SQUARE_MODULE = 'bff/src/integrations/square/';

/** Imports of Square's SDK outside the one module that owns every Square call. `file` is repo-relative. */
function findSquareSdkImports(file: string, source: string): string[] {
  if (file.startsWith(SQUARE_MODULE)) return [];
  return scanImports(source)
    .filter(
      (reference) => !isPathSpecifier(reference.specifier) && packageName(reference.specifier) === SQUARE_SDK,
    )
    .map(
      (reference) =>
        `${file}:${reference.line} imports '${reference.specifier}': only ${SQUARE_MODULE} may call Square`,
    );
}

function sourceFiles(directory: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      return SKIPPED_DIRECTORIES.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles(path);
    }
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

describe('import scanner', () => {
  const madeUp = [
    "import { z } from 'zod';",
    "import type { App } from '../../bff/src/app.ts';",
    'import {',
    '  readFileSync,',
    '  type Stats,',
    "} from 'node:fs';",
    'import Default, * as everything from "postgres";',
    "import './side-effect.ts';",
    "export * from './permissions.ts';",
    "export type { Db } from '../../db/src/client.ts';",
    "const lazy = await import('react');",
    "const legacy = require('node:net');",
    "type Server = typeof import('elysia');",
    "// import { commented } from 'bun';",
    '/* import { block } from "@electric-sql/pglite"; */',
    "const shown = `import { shown } from 'bun'`;",
    'const pattern = /[\'"`]/g; const text = \'import x from "not-real"\';',
    "const ratio = a / b; // import { tail } from 'bun'",
  ].join('\n');

  test('finds every kind of import with its line, and none in comments or templates', () => {
    expect(scanImports(madeUp).map(({ specifier, typeOnly, line }) => [line, specifier, typeOnly])).toEqual([
      [1, 'zod', false],
      [2, '../../bff/src/app.ts', true],
      [3, 'node:fs', false],
      [7, 'postgres', false],
      [8, './side-effect.ts', false],
      [9, './permissions.ts', false],
      [10, '../../db/src/client.ts', true],
      [11, 'react', false],
      [12, 'node:net', false],
      [13, 'elysia', false],
    ]);
  });

  test('a template expression does not hide the code after it', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is source code holding a nested template.
    const source = "const a = `${b ? `${c}` : { d: 1 }}`;\nimport x from 'node:fs';";
    expect(scanImports(source).map((reference) => reference.specifier)).toEqual(['node:fs']);
  });

  test('JSX text and closing tags do not hide the code after them', () => {
    const source = "const p = <p>Don't stop at a/b</p>;\nconst lazy = import('node:net');";
    expect(scanImports(source).map((reference) => reference.specifier)).toEqual(['node:net']);
  });
});

describe('dependency rules', () => {
  test('engine importing an I/O module is refused', () => {
    expect(findViolations('engine/src/made-up.ts', "import { readFileSync } from 'node:fs';")).toEqual([
      "engine/src/made-up.ts:1 imports 'node:fs': engine is pure and may use only zod, color-name",
    ]);
  });

  test.each([
    'fs',
    'bun',
    'bun:sqlite',
    'postgres',
    '@electric-sql/pglite',
    'elysia',
    'react',
    'react-dom/client',
  ])('engine may not import %s', (specifier) => {
    expect(findViolations('engine/src/made-up.ts', `import x from '${specifier}';`)).toHaveLength(1);
  });

  test.each([
    ['../../db/src/client.ts', 'engine must not depend on db'],
    ['../../bff/src/app.ts', 'engine must not depend on bff'],
    ['../../web/src/main.tsx', 'engine must not depend on web'],
    ['../../cli/src/main.ts', 'engine must not depend on cli'],
    ['../../scripts/start.ts', 'engine imports only its own files'],
  ])('engine importing %s is refused', (specifier, reason) => {
    const [violation] = findViolations('engine/src/made-up.ts', `import { x } from '${specifier}';`);
    expect(violation).toContain(reason);
  });

  test('engine may import zod and its own files', () => {
    const source =
      "import { z } from 'zod';\nimport { rule } from './rule.ts';\nimport { v4 } from 'zod/v4';";
    expect(findViolations('engine/src/made-up.ts', source)).toEqual([]);
  });

  test('engine tests may use the test runner and fast-check, engine code may not', () => {
    const source = "import { test } from 'bun:test';\nimport fc from 'fast-check';";
    expect(findViolations('engine/src/made-up.test.ts', source)).toEqual([]);
    expect(findViolations('engine/src/made-up.ts', source)).toHaveLength(2);
  });

  test('web importing a type from bff is refused', () => {
    expect(
      findViolations(
        'web/src/features/auth/api/get-user.ts',
        "import type { App } from '../../../../../bff/src/app.ts';",
      ),
    ).toEqual([
      "web/src/features/auth/api/get-user.ts:1 imports '../../../../../bff/src/app.ts' (type-only): web must not depend on bff",
    ]);
  });

  test('web importing db, or a database driver, is refused', () => {
    expect(findViolations('web/src/x.ts', "import { openDb } from '../../db/src/client.ts';")).toHaveLength(
      1,
    );
    expect(findViolations('web/src/x.ts', "import postgres from 'postgres';")).toHaveLength(1);
  });

  test('web may import engine and browser libraries', () => {
    const source =
      "import { productSchema } from '../../engine/src/index.ts';\nimport { useQuery } from '@tanstack/react-query';";
    expect(findViolations('web/src/x.ts', source)).toEqual([]);
  });

  test('db importing bff, web or cli is refused, engine is allowed', () => {
    expect(findViolations('db/src/x.ts', "import { app } from '../../bff/src/app.ts';")).toHaveLength(1);
    expect(findViolations('db/src/x.ts', "import { a } from '../../web/src/a.ts';")).toHaveLength(1);
    expect(findViolations('db/src/x.ts', "import { a } from '../../cli/src/a.ts';")).toHaveLength(1);
    expect(
      findViolations('db/src/x.ts', "import { productSchema } from '../../engine/src/index.ts';"),
    ).toEqual([]);
  });

  test('bff importing web code or cli is refused; the web page it serves is allowed', () => {
    expect(findViolations('bff/src/x.ts', "import { App } from '../../web/src/app.tsx';")).toHaveLength(1);
    expect(findViolations('bff/src/x.ts', "import { main } from '../../cli/src/main.ts';")).toHaveLength(1);
    expect(findViolations('bff/src/x.ts', "import page from '../../web/index.html';")).toEqual([]);
    expect(findViolations('bff/src/x.ts', "import { webAppHandler } from './web/serve-web-app.ts';")).toEqual(
      [],
    );
  });

  test('aliased imports are held to the same lines as relative ones', () => {
    expect(findViolations('engine/src/x.ts', "import { openDb } from '@db/client.ts';")).toHaveLength(1);
    expect(findViolations('web/src/x.ts', "import type { App } from '@bff/app.ts';")).toHaveLength(1);
    expect(findViolations('db/src/x.ts', "import { a } from '@web/a.ts';")).toHaveLength(1);
    expect(findViolations('cli/src/x.ts', "import { app } from '@bff/app.ts';")).toHaveLength(1);
    expect(findViolations('bff/src/x.ts', "import { productSchema } from '@engine/index.ts';")).toEqual([]);
    expect(findViolations('engine/src/x.ts', "import { rule } from '@engine/rule.ts';")).toEqual([]);
  });

  test('cli importing bff or web is refused, engine and db are allowed', () => {
    expect(findViolations('cli/src/x.ts', "import { app } from '../../bff/src/app.ts';")).toHaveLength(1);
    expect(findViolations('cli/src/x.ts', "const page = await import('../../web/src/a.tsx');")).toHaveLength(
      1,
    );
    const allowed =
      "import { openDb } from '../../db/src/client.ts';\nimport { z } from '../../engine/src/index.ts';";
    expect(findViolations('cli/src/x.ts', allowed)).toEqual([]);
  });
});

describe('the Square SDK', () => {
  test('is refused outside the Square module, type-only and dynamic imports too', () => {
    expect(
      findSquareSdkImports(
        'bff/src/modules/nightly-counts/index.ts',
        "import { SquareClient } from 'square';",
      ),
    ).toHaveLength(1);
    expect(findSquareSdkImports('cli/src/x.ts', "import type { Square } from 'square';")).toHaveLength(1);
    expect(findSquareSdkImports('scripts/x.ts', "const sdk = await import('square/api');")).toHaveLength(1);
  });

  test('is allowed inside it; a package merely named like it is not the SDK', () => {
    expect(
      findSquareSdkImports(
        'bff/src/integrations/square/square-gateway.ts',
        "import { SquareClient } from 'square';",
      ),
    ).toEqual([]);
    expect(findSquareSdkImports('web/src/x.ts', "import { Square } from 'lucide-react';")).toEqual([]);
  });
});

describe('the repository', () => {
  const files = PARTS.flatMap((part) => sourceFiles(join(ROOT, part))).map((path) => ({
    file: relative(ROOT, path).split(sep).join('/'),
    path,
  }));

  test('the scan reaches the engine and reads its imports', () => {
    const engineFiles = files.filter(({ file }) => file.startsWith('engine/'));
    expect(engineFiles.length).toBeGreaterThan(0);
    const specifiers = engineFiles.flatMap(({ path }) => scanImports(readFileSync(path, 'utf8')));
    expect(specifiers.some((reference) => reference.specifier === 'zod')).toBe(true);
  });

  test('only the Square module imports the Square SDK, in every folder of the repository', () => {
    const everywhere = [...PARTS, 'scripts', 'bench', 'e2e', 'test']
      .flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .map((path) => ({ file: relative(ROOT, path).split(sep).join('/'), path }));
    expect(everywhere.some(({ file }) => file.startsWith(SQUARE_MODULE))).toBe(true);
    const violations = everywhere.flatMap(({ file, path }) =>
      findSquareSdkImports(file, readFileSync(path, 'utf8')),
    );
    expect(violations).toEqual([]);
  });

  test('every import points the allowed way', () => {
    const violations = files.flatMap(({ file, path }) => findViolations(file, readFileSync(path, 'utf8')));
    expect(violations).toEqual([]);
  });
});
