// The Benchmark panel's worker: loads the speed-built benchmark module (bench.wasm, opt-level 3,
// each technique inlined into its own loop: the code `cargo xtask bench` times) and times every
// technique away from the page's main thread, so rendering neither stalls nor disturbs it. With
// the reader's formula compiled to WebAssembly, it times that module's `run` on a copy of the
// same workload, in the same way.
//
// In:  {occupancies, runs, checkOccupancies, formula?: {bytes: Uint8Array, workload: offset}}
// Out: {type: "native", machine, native: {name: MQueens/s}}   BENCHMARKS.md's figures, if any
//      {type: "check", accumulators: [hex…], formula?: hex}   each on the first checkOccupancies boards
//      {type: "progress", done, total}
//      {type: "result", index, rates: [MQueens/s…], accumulator: hex}   index = technique count: the formula
//      {type: "done"} | {type: "error", message}
"use strict";

const hex = (value) => BigInt.asUintN(64, value).toString(16).padStart(16, "0");

// The formula's module, instantiated, with the workload copied in as its `run` reads it: the
// occupancies from `workload`, then the squares.
async function formulaRunner(bench, formula) {
  if (!WebAssembly.validate(formula.bytes)) throw new Error("the browser found your formula's compiled module invalid");
  const { instance } = await WebAssembly.instantiate(formula.bytes, {});
  const { memory, run } = instance.exports;
  return (count) => {
    const occupancies = count * 8;
    const squares = count * 12;
    const end = formula.workload + occupancies + squares;
    const pages = Math.ceil(end / 65536) - memory.buffer.byteLength / 65536;
    if (pages > 0) memory.grow(pages);
    const from = bench.memory.buffer;
    const to = new Uint8Array(memory.buffer);
    to.set(new Uint8Array(from, bench.occupancies_at(), occupancies), formula.workload);
    to.set(new Uint8Array(from, bench.squares_at(), squares), formula.workload + occupancies);
    return () => run(count);
  };
}

onmessage = async ({ data: { occupancies, runs, checkOccupancies, formula } }) => {
  try {
    const response = await fetch(new URL("../bench.wasm", self.location.href));
    if (!response.ok) throw new Error(`bench.wasm: HTTP ${response.status}`);
    const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
    const bench = instance.exports;
    try {
      const figures = await fetch(new URL("../bench-native.json", self.location.href));
      if (figures.ok) postMessage({ type: "native", ...(await figures.json()) });
    } catch {
      // Without the native figures the panel shows the reader's own alone.
    }
    const count = bench.technique_count();
    const prepare = formula ? await formulaRunner(bench, formula) : null;
    // The timed functions: each technique by index, then the formula's run.
    const timed = (i, count_) => (i < count ? () => bench.run_technique(i) : prepare(count_));

    // Results the page can check against its own core, on a small prefix of the workload.
    bench.prepare(checkOccupancies);
    const accumulators = [];
    for (let i = 0; i < count; i++) accumulators.push(hex(bench.run_technique(i)));
    const check = { type: "check", accumulators };
    if (formula) check.formula = hex(timed(count, checkOccupancies)());
    postMessage(check);

    // Warm-up: V8 moves each loop to its optimising tier between calls, not during one.
    const all = count + (formula ? 1 : 0);
    bench.prepare(20000);
    for (let round = 0; round < 3; round++) for (let i = 0; i < all; i++) timed(i, 20000)();

    const lookups = bench.prepare(occupancies);
    const total = all * runs;
    let done = 0;
    for (let i = 0; i < all; i++) {
      const go = timed(i, occupancies);
      const rates = [];
      let accumulator = 0n;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        accumulator = go();
        const ms = performance.now() - started;
        rates.push(lookups / (ms * 1000));
        postMessage({ type: "progress", done: ++done, total });
      }
      postMessage({ type: "result", index: i, rates, accumulator: hex(accumulator) });
    }
    postMessage({ type: "done" });
  } catch (error) {
    postMessage({ type: "error", message: String(error && error.message || error) });
  }
};
