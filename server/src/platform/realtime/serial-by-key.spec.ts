import { SerialByKey } from './serial-by-key';

/** A task that finishes when told to, recording when it started and ended. */
function gate(log: string[], name: string) {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  const task = async (): Promise<string> => {
    log.push(`${name} start`);
    await done;
    log.push(`${name} end`);
    return name;
  };
  return { task, open, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SerialByKey', () => {
  it('runs a key’s tasks one at a time, in the order they were given, whatever order they would finish in', async () => {
    const sut = new SerialByKey<number>();
    const log: string[] = [];
    const first = gate(log, 'first');
    const second = gate(log, 'second');

    const results = [sut.run(7, first.task), sut.run(7, second.task)];
    await settle();
    second.open();
    await settle();
    expect(log).toEqual(['first start']);
    first.open();

    await expect(Promise.all(results)).resolves.toEqual(['first', 'second']);
    expect(log).toEqual(['first start', 'first end', 'second start', 'second end']);
  });

  it('runs different keys’ tasks side by side', async () => {
    const sut = new SerialByKey<string>();
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');

    const results = [sut.run('a', a.task), sut.run('b', b.task)];
    await settle();

    expect(log).toEqual(['a start', 'b start']);
    b.open();
    a.open();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b']);
  });

  it('goes on with the next task after one fails, and gives the failure to its own caller only', async () => {
    const sut = new SerialByKey<number>();
    const log: string[] = [];
    const failing = gate(log, 'failing');
    const next = gate(log, 'next');

    const failed = sut.run(1, failing.task);
    const after = sut.run(1, next.task);
    failing.fail(new Error('no database'));
    next.open();

    await expect(failed).rejects.toThrow('no database');
    await expect(after).resolves.toBe('next');
    expect(log).toEqual(['failing start', 'next start', 'next end']);
  });

  it('forgets a key once its last task has settled', async () => {
    const sut = new SerialByKey<number>();
    const log: string[] = [];
    const first = gate(log, 'first');
    const second = gate(log, 'second');

    const results = [sut.run(3, first.task), sut.run(3, second.task), sut.run(4, async () => 'other')];
    expect(sut.busyKeys).toBe(2);
    first.open();
    await results[0];
    await settle();
    expect(sut.busyKeys).toBe(1);
    second.open();
    await Promise.all(results);
    await settle();

    expect(sut.busyKeys).toBe(0);
  });
});
