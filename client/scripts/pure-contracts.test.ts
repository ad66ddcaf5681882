/**
 * @jest-environment node
 */
import { dirname, join } from 'node:path';
import { rollup, type Plugin } from 'rollup';
import { parseAst } from 'rollup/parseAst';
import { markDeclarationsPure } from './pure-contracts';

const mark = (code: string) => markDeclarationsPure(code, parseAst(code));

/** A contracts module: a text limit and a message beside the schemas that use them. */
const CONTRACTS = `import { z } from 'zod';
export const NOTE_LIMIT = 12;
export const NOTE_MESSAGES = { tooLong: 'Not en fazla 12 karakter olabilir.' };
const noteText = (message) => z.string({ error: message }).max(NOTE_LIMIT, { error: message });
export const noteSchema = z.object({ text: noteText(NOTE_MESSAGES.tooLong), tags: z.array(z.string()).max(3) });
`;

/** Bundles `entry` with the contracts module above, marked pure or not; answers the output's code. */
async function bundle(entry: string, { markPure }: { markPure: boolean }): Promise<string> {
  const zodEntry = join(dirname(require.resolve('zod/package.json')), 'index.js');
  const files: Record<string, string> = { entry, contracts: CONTRACTS };
  const plugin: Plugin = {
    name: 'test-files',
    resolveId: (source) => (source === 'zod' ? zodEntry : source.replace('./', '') in files ? source.replace('./', '') : null),
    load: (id) => files[id] ?? null,
    transform(code, id) {
      return markPure && id === 'contracts' ? { code: markDeclarationsPure(code, this.parse(code)), map: null } : null;
    },
  };
  const build = await rollup({ input: 'entry', plugins: [plugin], onwarn: () => undefined, treeshake: { moduleSideEffects: (id) => id === 'entry' } });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  return output[0].code;
}

describe('pure contracts', () => {
  it('marks every call a top-level value is computed with, and nothing else', () => {
    const code = `import { z } from 'zod';
const greeting = 'Günaydın, şöyle buyurun';
export const A = z.string().max(3);
export const B = { nested: z.number(), list: [new Set(['ğ'])], later: () => z.any() };
let C = helper('ç'), D;
export function f() { return z.boolean(); }
register(A);
`;

    expect(mark(code)).toBe(`import { z } from 'zod';
const greeting = 'Günaydın, şöyle buyurun';
export const A = /*#__PURE__*/ z.string().max(3);
export const B = { nested: /*#__PURE__*/ z.number(), list: [/*#__PURE__*/ new Set(['ğ'])], later: () => z.any() };
let C = /*#__PURE__*/ helper('ç'), D;
export function f() { return z.boolean(); }
register(A);
`);
  });

  it('lets a page that uses only a limit and a message bundle without the schemas and without zod', async () => {
    const entry = `import { NOTE_LIMIT, NOTE_MESSAGES } from './contracts'; console.log(NOTE_LIMIT, NOTE_MESSAGES.tooLong);`;

    const marked = await bundle(entry, { markPure: true });
    const unmarked = await bundle(entry, { markPure: false });

    expect(marked).toContain('Not en fazla 12 karakter olabilir.');
    expect(marked).not.toMatch(/ZodString|\$ZodType/);
    expect(marked.length).toBeLessThan(500);
    expect(unmarked).toMatch(/ZodString|\$ZodType/);
  });

  it('keeps the schemas a page uses, and zod with them', async () => {
    const marked = await bundle(`import { noteSchema } from './contracts'; console.log(noteSchema.safeParse({ text: 'a', tags: [] }).success);`, { markPure: true });

    expect(marked).toMatch(/ZodString|\$ZodType/);
    expect(marked).toContain('Not en fazla 12 karakter olabilir.');
  });
});
