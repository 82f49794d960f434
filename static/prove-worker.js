// The proof's worker: loads prove.wasm (the formula language with its prover, a bare module
// whose exports are `buffer`, `answer` and `result`, as formula.wasm's) and proves the reader's
// formula a square at a time, away from the page's main thread. A square of a formula that
// blows up can take many seconds; the page cancels by ending the worker.
//
// In:  {start, startKind, square}   the bytes of a start request (ProveStart, or CompareStart to
//      prove two texts equal; its kind, ProveStart if none) and a ProveSquare request
//      (sliders_formula::wire)
// Out: {answer}          each square's answer: the squares decided, then the proof once it ended
//      {error: message}
"use strict";

const PROVE_START = 6;
const PROVE_SQUARE = 7;

onmessage = async ({ data: { start, startKind, square } }) => {
  try {
    const response = await fetch(new URL("../prove.wasm", self.location.href));
    if (!response.ok) throw new Error(`prove.wasm: HTTP ${response.status}`);
    const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
    const prover = instance.exports;
    const ask = (kind, bytes) => {
      // Room first: making it can grow the memory, which detaches the old buffer.
      const at = prover.buffer(bytes.length);
      new Uint8Array(prover.memory.buffer, at, bytes.length).set(bytes);
      const length = prover.answer(kind);
      const answer = new Uint8Array(prover.memory.buffer, prover.result(), Math.abs(length)).slice();
      if (length < 0) throw new Error(new TextDecoder().decode(answer));
      return answer;
    };
    ask(startKind ?? PROVE_START, start);
    for (;;) {
      const answer = ask(PROVE_SQUARE, square);
      postMessage({ answer });
      // After the count of squares (4 bytes), 0 says the proof goes on.
      if (answer[4] !== 0) break;
    }
  } catch (error) {
    postMessage({ error: String(error?.message ?? error) });
  }
  // One proof a worker: its memory (hundreds of MB after a blow-up) goes with it.
  close();
};
