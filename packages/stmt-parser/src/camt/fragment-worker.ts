import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { namedShapes } from './entry-transfer';
import { parseFragment } from './fragment';
import { claimSlot, isOpen, THREAD, type FragmentMessage, type FragmentReply } from './fragment-claims';

// A thread of a FragmentPool. Of the fragments posted to it, it reads the nearest first: the
// reader, which also builds the rows and is usually the slower side, then finds them read and
// parses nothing itself; only when this thread falls behind does the reader arrive at one not
// yet started and read it itself, or, while it waits for one this thread is reading, read the
// next unstarted one ahead. A fragment the reader claimed meanwhile is dropped.
const { claims } = workerData as { claims: Int32Array };
const port = parentPort as MessagePort;
const posted: FragmentMessage[] = [];
let scheduled = false;
/** Record shapes already sent to the reader. */
let announced = 0;

port.on('message', (message: FragmentMessage) => {
  posted.push(message);
  if (scheduled) return;
  scheduled = true;
  setImmediate(work);
});

function work(): void {
  scheduled = false;
  for (;;) {
    for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port))
      posted.push(received.message as FragmentMessage);
    const next = nearestUnclaimed();
    if (!next) return;
    const result = parseFragment(next.job);
    const shapes = namedShapes(announced);
    if (shapes) announced = shapes.length;
    port.postMessage({ seq: next.seq, result, ...(shapes ? { shapes } : {}) } satisfies FragmentReply);
  }
}

function nearestUnclaimed(): FragmentMessage | undefined {
  // Drop what the reader claimed meanwhile, wherever it lies, so the list stays a handful long.
  let kept = 0;
  for (const message of posted) if (isOpen(claims, message.seq)) posted[kept++] = message;
  posted.length = kept;
  for (let message = posted.shift(); message; message = posted.shift())
    if (claimSlot(claims, message.seq, THREAD)) return message;
  return undefined;
}
