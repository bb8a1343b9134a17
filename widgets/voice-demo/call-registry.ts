/** A page holds one call at a time: whoever starts a call ends the one another instance holds. */
export interface CallHolder {
  hangUp(): void;
}

let current: CallHolder | null = null;

export function claimCall(holder: CallHolder): void {
  const previous = current;
  current = holder;
  if (previous && previous !== holder) previous.hangUp();
}

export function releaseCall(holder: CallHolder): void {
  if (current === holder) current = null;
}
