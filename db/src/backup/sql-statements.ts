/**
 * The statements of a SQL script as it streams in, each whole: a `;` ends one only outside quotes ('…', "…",
 * E'…' with its backslashes), dollar quotes ($$…$$, $tag$…$tag$) and comments. pg_dump's plain output holds rows
 * whose text has ";" and line breaks in it and functions whose bodies are full of ";", so a line-based split would
 * cut them; and a backup may be larger than a string can be, so it is never read whole.
 */
export async function* sqlStatements(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let text = '';
  let start = 0;
  let at = 0;
  let state: 'code' | 'single' | 'escaped-single' | 'double' | 'dollar' | 'line-comment' | 'block-comment' =
    'code';
  let dollarTag = '';

  /** Scans what has arrived; false when the next character is needed to decide and has not arrived yet. */
  function* scan(final: boolean): Generator<string, void> {
    while (at < text.length) {
      const char = text[at] as string;
      const next = text[at + 1];
      const needMore = next === undefined && !final;
      if (state === 'code') {
        if (char === ';') {
          at++;
          yield text.slice(start, at);
          start = at;
          continue;
        }
        if (char === "'") {
          const before = text[at - 1] ?? '';
          state =
            /[Ee]/.test(before) && !/[A-Za-z0-9_]/.test(text[at - 2] ?? '') ? 'escaped-single' : 'single';
        } else if (char === '"') state = 'double';
        else if (char === '-' || char === '/') {
          if (needMore) return;
          if (char === '-' && next === '-') state = 'line-comment';
          else if (char === '/' && next === '*') state = 'block-comment';
        } else if (char === '$' && !/[A-Za-z0-9_$]/.test(text[at - 1] ?? '')) {
          // A dollar quote opens where a word could start; inside a name (a$b) a "$" is part of the name.
          const match = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(at, at + 66));
          if (!match && !final && text.length - at < 66 && /^\$[A-Za-z0-9_]*$/.test(text.slice(at))) return;
          if (match) {
            dollarTag = match[0];
            state = 'dollar';
            at += dollarTag.length;
            continue;
          }
        }
      } else if (state === 'single' || state === 'escaped-single') {
        if (state === 'escaped-single' && char === '\\') {
          if (needMore) return;
          at += 2;
          continue;
        }
        if (char === "'") {
          if (needMore) return;
          if (next === "'") {
            at += 2;
            continue;
          }
          state = 'code';
        }
      } else if (state === 'double') {
        if (char === '"') {
          if (needMore) return;
          if (next === '"') {
            at += 2;
            continue;
          }
          state = 'code';
        }
      } else if (state === 'dollar') {
        if (char === '$') {
          if (!final && text.length - at < dollarTag.length) return;
          if (text.startsWith(dollarTag, at)) {
            at += dollarTag.length;
            state = 'code';
            continue;
          }
        }
      } else if (state === 'line-comment') {
        if (char === '\n') state = 'code';
      } else if (state === 'block-comment') {
        if (char === '*') {
          if (needMore) return;
          if (next === '/') {
            at += 2;
            state = 'code';
            continue;
          }
        }
      }
      at++;
    }
  }

  for await (const chunk of chunks) {
    text += chunk;
    yield* scan(false);
    // What was handed on is let go: the text kept is the statement under way and what has not been read.
    if (start > 0) {
      text = text.slice(start);
      at -= start;
      start = 0;
    }
  }
  yield* scan(true);
  const rest = text.slice(start);
  if (rest.trim() !== '') yield rest;
}

/** Statements gathered into scripts of about `bytes` each: one call to the database per script, not per row. */
export async function* sqlScripts(
  statements: AsyncIterable<string>,
  bytes = 1024 * 1024,
): AsyncGenerator<string> {
  let script = '';
  for await (const statement of statements) {
    script += statement;
    if (script.length >= bytes) {
      yield script;
      script = '';
    }
  }
  if (script.trim() !== '') yield script;
}
