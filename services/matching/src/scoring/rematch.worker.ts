import { parentPort, workerData } from 'node:worker_threads';
import { rematchSlice, type SliceInput } from './rematch-slice.js';

// One slice of a full rematch (full-rematch.ts): the packed arrays arrive shared, the students' top k
// is written into shared output, the per-project heaps go back transferred (not copied).
const heaps = rematchSlice(workerData as SliceInput);
parentPort!.postMessage(heaps, [heaps.keys.buffer, heaps.items.buffer, heaps.sizes.buffer] as ArrayBuffer[]);
