/** A sleep that can be cut short. A wake-up that comes while nobody sleeps is kept, and makes
 * the next sleep return at once, so a nudge during a busy moment is not lost. */
export class WakeableSleep {
  private wakeSleeper: (() => void) | undefined;
  private woken = false;

  sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wakeSleeper = finish;
    });
  }

  wake(): void {
    if (this.wakeSleeper === undefined) this.woken = true;
    else this.wakeSleeper();
  }
}
