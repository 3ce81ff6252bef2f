import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { sqlScripts, sqlStatements } from './sql-statements.ts';

async function* inPieces(text: string, sizes: readonly number[]): AsyncGenerator<string> {
  let at = 0;
  for (let i = 0; at < text.length; i++) {
    const size = Math.max(1, sizes[i % Math.max(1, sizes.length)] ?? 1);
    yield text.slice(at, at + size);
    at += size;
  }
}

async function split(text: string, sizes: readonly number[] = [1 << 20]): Promise<string[]> {
  const out: string[] = [];
  for await (const statement of sqlStatements(inPieces(text, sizes))) out.push(statement);
  return out;
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const identifier = (value: string) => `"${value.replace(/"/g, '""')}"`;

describe('sqlStatements', () => {
  test('a ";" inside quotes, dollar quotes and comments does not end a statement', async () => {
    const script = [
      "INSERT INTO public.products VALUES (1, 'Ham; cheese', 'line\none;\ntwo');",
      "\nINSERT INTO public.products VALUES (2, 'It''s;', E'back\\\\slash\\'; quote');",
      "\nCREATE FUNCTION public.f() RETURNS text LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN ';';\nEND;\n$$;",
      '\nCREATE FUNCTION public.g() RETURNS text AS $body$ SELECT $$;$$ $body$;',
      '\n-- a comment; with a semicolon\nSELECT 1 /* and; another */;',
      '\nSELECT "a;b" FROM t$x;',
      '\n--\n-- PostgreSQL database dump complete\n--\n',
    ].join('');
    const statements = await split(script);
    expect(statements).toHaveLength(7);
    expect(statements.join('')).toBe(script);
    expect(statements[1]).toContain("E'back\\\\slash\\'; quote'");
    expect(statements[2]).toContain("RETURN ';';");
  });

  test('property: any values, split anywhere in the stream, come back as the statements they were', async () => {
    const value = fc.string({
      unit: fc.constantFrom('a', ';', "'", '"', '$', '-', '\n', '\\', 'é', '☕', ' ', 'E'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(value, value, fc.constantFrom('', 'body', 'x1')), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }),
        async (rows, sizes) => {
          const statements = rows.map(([text, name, tag]) =>
            tag === 'x1'
              ? `\nSELECT ${identifier(name)}, ${literal(text)};`
              : `\nCREATE FUNCTION f() AS $${tag}$ ${text.replaceAll(`$${tag}$`, '')} $${tag}$;`,
          );
          expect(await split(statements.join(''), sizes)).toEqual(statements);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('statements gather into scripts of about the size asked', async () => {
    async function* many() {
      for (let i = 0; i < 10; i++) yield `SELECT ${i};`;
    }
    const scripts: string[] = [];
    for await (const script of sqlScripts(many(), 20)) scripts.push(script);
    expect(scripts.join('')).toBe(Array.from({ length: 10 }, (_, i) => `SELECT ${i};`).join(''));
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts.slice(0, -1)) expect(script.length).toBeGreaterThanOrEqual(20);
  });
});
