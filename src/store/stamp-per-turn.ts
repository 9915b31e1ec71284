/**
 * One read of the store's change stamp (Store.changeStamp) for every request that asks in the
 * same turn of the event loop: the first asks for a read after this turn's I/O (setImmediate),
 * and the others that ask before it runs share it. Each of them began (its bytes were read)
 * before that read, so a write acknowledged before any of them began has moved the stamp it
 * gets, as a read of its own would. On SQLite a read is a read transaction, three system calls
 * (~2 µs, more on a busy machine); under load a turn holds tens of requests.
 */
export function stampPerTurn(read: () => number): () => Promise<number> {
  let next: Promise<number> | undefined;
  return () =>
    (next ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        next = undefined;
        try {
          resolve(read());
        } catch (error) {
          reject(error);
        }
      });
    }));
}
