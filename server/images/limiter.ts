/** At most `slots` pieces of work at a time, the rest waiting in order: picture encodes share the machine's 2 cores. */
export function limiter(slots: number) {
  let free = slots;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    else free--;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}
