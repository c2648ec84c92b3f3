/*
 * instrumentation-client.ts turns zod's eval-based JIT off in the browser (the CSP forbids eval) through the
 * global zod reads its settings from, before zod loads. If zod stopped reading that global, every page with a
 * form would report a CSP violation again (tests/e2e/security-headers.e2e.ts would see it in Chromium).
 */

describe('zod without eval', () => {
  afterEach(() => {
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    jest.resetModules();
  });

  it('takes the jitless setting made before it loads, and then never calls Function', async () => {
    await import('@/instrumentation-client');
    const spy = jest.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ email: z.string(), age: z.number() });
    expect(schema.parse({ email: 'a@b.c', age: 3 })).toEqual({ email: 'a@b.c', age: 3 });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
