// The Benchmark panel's worker: loads the speed-built benchmark module (bench.wasm, opt-level 3,
// each technique inlined into its own loop: the code `cargo xtask bench` times) and times every
// technique away from the page's main thread, so rendering neither stalls nor disturbs it.
//
// In:  {occupancies, runs, checkOccupancies}
// Out: {type: "native", machine, native: {name: MQueens/s}}   BENCHMARKS.md's figures, if any
//      {type: "check", accumulators: [hex…]}   each technique on the first checkOccupancies boards
//      {type: "progress", done, total}
//      {type: "result", index, rates: [MQueens/s…], accumulator: hex}
//      {type: "done"} | {type: "error", message}
"use strict";

const hex = (value) => BigInt.asUintN(64, value).toString(16).padStart(16, "0");

onmessage = async ({ data: { occupancies, runs, checkOccupancies } }) => {
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

    // Results the page can check against its own core, on a small prefix of the workload.
    bench.prepare(checkOccupancies);
    const accumulators = [];
    for (let i = 0; i < count; i++) accumulators.push(hex(bench.run_technique(i)));
    postMessage({ type: "check", accumulators });

    // Warm-up: V8 moves each loop to its optimising tier between calls, not during one.
    bench.prepare(20000);
    for (let round = 0; round < 3; round++) for (let i = 0; i < count; i++) bench.run_technique(i);

    const lookups = bench.prepare(occupancies);
    const total = count * runs;
    let done = 0;
    for (let i = 0; i < count; i++) {
      const rates = [];
      let accumulator = 0n;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        accumulator = bench.run_technique(i);
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
