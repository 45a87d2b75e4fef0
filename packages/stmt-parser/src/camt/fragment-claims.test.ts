import { CLAIM_SLOTS, claimSlot, isOpen, openClaim, READER, THREAD } from './fragment-claims';

describe('who reads a posted fragment', () => {
  const claims = () => new Int32Array(new SharedArrayBuffer(CLAIM_SLOTS * 4));

  it('goes to the first claim; the other side then finds it taken', () => {
    const slots = claims();
    openClaim(slots, 7);
    expect(isOpen(slots, 7)).toBe(true);
    expect(claimSlot(slots, 7, READER)).toBe(true);
    expect(isOpen(slots, 7)).toBe(false);
    expect(claimSlot(slots, 7, THREAD)).toBe(false);
    openClaim(slots, 8);
    expect(claimSlot(slots, 8, THREAD)).toBe(true);
    expect(claimSlot(slots, 8, READER)).toBe(false);
  });

  it('is not given to a stale job whose slot a later job has reused', () => {
    const slots = claims();
    openClaim(slots, 3);
    expect(claimSlot(slots, 3, READER)).toBe(true);
    // Job 3 is still queued at a thread when job 3 + CLAIM_SLOTS takes its slot.
    openClaim(slots, 3 + CLAIM_SLOTS);
    expect(claimSlot(slots, 3, THREAD)).toBe(false);
    expect(claimSlot(slots, 3 + CLAIM_SLOTS, THREAD)).toBe(true);
  });
});
