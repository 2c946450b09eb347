/**
 * A Storage stand-in for tests. `full` models a browser at its quota:
 * - 'no': every write succeeds;
 * - 'growing': a write that would make the stored total larger throws QuotaExceededError (browsers
 *   still let a value shrink);
 * - 'all': every write throws QuotaExceededError.
 */
export class MemoryStorage {
  data = new Map<string, string>();
  full: 'no' | 'growing' | 'all' = 'no';
  writes = 0;

  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }

  get length(): number {
    return this.data.size;
  }

  key(index: number): string | null {
    return [...this.data.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.writes++;
    this.data.delete(key);
  }

  setItem(key: string, value: string): void {
    const grows = value.length > (this.data.get(key)?.length ?? 0);
    if (this.full === 'all' || (this.full === 'growing' && grows)) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.writes++;
    this.data.set(key, value);
  }
}
