// Slider Lab's "Copy for an article" panel, loaded the first time a reader uses it (the page adds
// this script then), so that none of it weighs on the first load. The drawing is Rust:
// pictures.wasm traces the position with the page's own core and writes it with sliders::figure
// (SVG), sliders::wikitable and sliders::diagram (ASCII, the trace as text), and encodes GIFs
// with gif-encode. This file moves bytes: it rasterises those SVGs through a canvas for PNG and
// GIF frames (the same SVG the command line rasterises with resvg), copies text to the
// clipboard, hands files to the browser as downloads, and writes the panel's status and preview
// into the elements the page leaves empty for it.
//
//   sliderLabPictures.act({hook, download, technique, slider, sliders, occupied, step, steps, stem})
//     a click on [data-export=hook] (copy) or [data-download=hook] (download)
//   sliderLabPictures.refresh(position)   the step on screen changed: redraw the preview
(function () {
  "use strict";
  const script = document.currentScript;
  const moduleUrl = new URL("../pictures.wasm", script ? script.src : location.href);
  const KINDS = {
    step: 0, trace: 1, traceQuiet: 2, wikitable: 3, ascii: 4, asciiPre: 5, frameCount: 6,
    result: 7, hex: 8, c: 9, rust: 10, traceText: 11, stepQuiet: 12, gifFrame: 13, gifFrameQuiet: 14,
    resultPre: 15, traceTextPre: 16,
  };
  // The copy buttons' text, by hook; "step" is the ASCII an article pastes into <pre>.
  const COPIES = { step: "ascii", svg: "step", wikitable: "wikitable", result: "result", hex: "hex", c: "c", rust: "rust", trace: "traceText" };
  // The download buttons: format and scale.
  const DOWNLOADS = { svg: ["svg", 1], png: ["png", 1], png2: ["png", 2], gif: ["gif", 1] };
  const FINISHED = 0xffffffff;
  // The technique number that means "the formula in the buffer".
  const FORMULA = 0xffffffff;
  // Bounds on what one request may make, whatever the page asks.
  const MAX_SCALE = 4;
  const MAX_FRAMES = 2000;

  let loading = null;
  const load = () => {
    if (!loading) {
      loading = fetch(moduleUrl)
        .then((response) => {
          if (!response.ok) throw new Error(`pictures.wasm: HTTP ${response.status}`);
          return response.arrayBuffer();
        })
        .then((bytes) => WebAssembly.instantiate(bytes, {}))
        .then(({ instance }) => instance.exports);
      loading.catch(() => (loading = null));
    }
    return loading;
  };

  // The module's last output as bytes; a negative length is an error message.
  const output = (wasm, length) => {
    const bytes = new Uint8Array(wasm.memory.buffer, wasm.result(), Math.abs(length)).slice();
    if (length < 0) throw new Error(new TextDecoder().decode(bytes));
    return bytes;
  };

  // A formula's text goes in the module's buffer first; its technique is then FORMULA.
  const draw = (wasm, kind, request, step, frame) => {
    let technique = request.technique;
    if (typeof request.formula === "string") {
      const text = new TextEncoder().encode(request.formula);
      // The module may grow its memory for the buffer: take the memory's buffer after it.
      const at = wasm.buffer(text.length);
      new Uint8Array(wasm.memory.buffer, at, text.length).set(text);
      technique = FORMULA;
    }
    return new TextDecoder().decode(
      output(wasm, wasm.picture(kind, technique, request.slider, BigInt(request.sliders), BigInt(request.occupied), step, frame)),
    );
  };

  const svgUrl = (svg) => "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);

  // An SVG drawn on a canvas at `scale`, on white.
  const raster = async (svg, scale) => {
    const image = new Image();
    image.src = svgUrl(svg);
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth * scale;
    canvas.height = image.naturalHeight * scale;
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas;
  };

  const dataUrl = (blob) =>
    new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(blob);
    });

  // Hands the file to the browser as a download named `name`.
  const save = (blob, name) => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  };

  // The SVGs a request draws, each with its delay: one (a step, or the whole trace), or a GIF's
  // frames (the module chooses them and their delays, as the command line does).
  const pictures = (wasm, request) => {
    if (request.format !== "gif") {
      const kind = request.scope === "trace"
        ? (request.narration ? KINDS.trace : KINDS.traceQuiet)
        : (request.narration ? KINDS.step : KINDS.stepQuiet);
      return [[draw(wasm, kind, request, request.step, FINISHED), 0]];
    }
    const step = request.scope === "trace" ? FINISHED : request.step;
    const count = Math.min(Number(draw(wasm, KINDS.frameCount, request, step, 0)), MAX_FRAMES);
    const kind = request.narration ? KINDS.gifFrame : KINDS.gifFrameQuiet;
    return Array.from({ length: count }, (_, frame) => [draw(wasm, kind, request, step, frame), wasm.delay()]);
  };

  // The ASCII copies come inside <pre> when the reader ticks it.
  const PRE = { ascii: "asciiPre", result: "resultPre", traceText: "traceTextPre" };
  const copyKind = (hook) => {
    const kind = COPIES[hook];
    const pre = document.querySelector("[data-export-pre]");
    return pre && pre.checked && PRE[kind] ? PRE[kind] : kind;
  };

  const download = async (wasm, request) => {
    const scale = Math.min(Math.max(1, Math.floor(request.scale) || 1), MAX_SCALE);
    const frames = pictures(wasm, request);
    const svgs = frames.map(([svg]) => svg);
    let blob;
    let width = 0;
    let height = 0;
    if (request.format === "svg") {
      blob = new Blob([svgs[0]], { type: "image/svg+xml" });
    } else if (request.format === "png") {
      const canvas = await raster(svgs[0], scale);
      [width, height] = [canvas.width, canvas.height];
      blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
      if (!blob) throw new Error("the browser could not make the PNG");
    } else {
      const canvases = [];
      for (const svg of svgs) canvases.push(await raster(svg, scale));
      width = Math.max(...canvases.map((canvas) => canvas.width));
      height = Math.max(...canvases.map((canvas) => canvas.height));
      output(wasm, wasm.gif_begin(width, height));
      canvases.forEach((canvas, index) => {
        const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
        const at = wasm.buffer(pixels.length);
        new Uint8Array(wasm.memory.buffer, at, pixels.length).set(pixels);
        output(wasm, wasm.gif_add_frame(canvas.width, canvas.height, frames[index][1]));
      });
      blob = new Blob([output(wasm, wasm.gif_finish())], { type: "image/gif" });
    }
    save(blob, request.name);
    return { blob, width, height, frames: svgs.length, preview: request.format === "svg" ? svgUrl(svgs[0]) : await dataUrl(blob) };
  };

  // The panel's parts, which the page renders empty and leaves to this file.
  const panel = () => document.querySelector("[data-export-panel]");
  const status = (state, message, role = "status") => {
    const output = panel().querySelector("[data-export-output]");
    output.replaceChildren();
    const line = document.createElement("p");
    line.className = "export-status" + (state === "copied" || state === "saved" ? " ok" : state === "failed" ? " error" : "");
    line.setAttribute("role", role);
    line.dataset.exportStatus = state;
    line.textContent = message;
    output.append(line);
    return output;
  };
  const preview = (text) => {
    panel().querySelector("[data-export-text]").textContent = text;
  };
  const press = (hook) => {
    for (const button of panel().querySelectorAll("[data-export]")) {
      button.setAttribute("aria-pressed", String(button.dataset.export === hook));
    }
  };

  let chosen = null;
  let position = null;

  const copy = async (wasm, request) => {
    chosen = request.hook;
    press(request.hook);
    const text = draw(wasm, KINDS[copyKind(request.hook)], request, request.step, FINISHED);
    preview(text);
    try {
      await navigator.clipboard.writeText(text);
      status("copied", "Copied to the clipboard.");
    } catch {
      // The browser refused the clipboard: offer the text selected, to copy by hand.
      const output = status("refused", "The browser refused the clipboard: the text below is selected, copy it with Ctrl+C.");
      const area = document.createElement("textarea");
      area.className = "export-fallback";
      area.readOnly = true;
      area.rows = 6;
      area.value = text;
      area.dataset.exportFallback = "";
      area.setAttribute("aria-label", "The text to copy");
      output.append(area);
      area.focus();
      area.select();
    }
  };

  const act = async (request) => {
    position = request;
    try {
      const wasm = await load();
      if (!request.download) return await copy(wasm, request);
      const [format, scale] = DOWNLOADS[request.hook] || [];
      if (!format) throw new Error(`no download ${request.hook}`);
      const trace = panel().querySelector("[data-export-scope=trace]");
      const narration = panel().querySelector("[data-export-narration]");
      const scope = trace && trace.checked ? "trace" : "step";
      const at = scale > 1 ? `@${scale}x` : "";
      const name = `${request.stem}-${scope === "trace" ? "trace" : `step-${request.step + 1}`}${at}.${format}`;
      status("working", format === "gif" ? "Making the GIF…" : "Drawing…");
      const made = await download(wasm, { ...request, format, scale, scope, name, narration: !narration || narration.checked });
      const size = made.width ? `, ${made.width}x${made.height} px` : "";
      const frames = made.frames > 1 ? `, ${made.frames} frames` : "";
      const output = status("saved", `Downloaded ${name} (${Math.ceil(made.blob.size / 1024)} KB${size}${frames}).`);
      const line = output.firstChild;
      line.dataset.savedName = name;
      line.dataset.savedType = made.blob.type;
      const image = document.createElement("img");
      image.className = "export-picture";
      image.src = made.preview;
      image.alt = `The picture in ${name}`;
      output.append(image);
    } catch (error) {
      status("failed", String(error && error.message ? error.message : error), "alert");
    }
  };

  // The step or the position changed: the preview follows it.
  const refresh = async (request) => {
    position = request;
    if (!chosen) return;
    try {
      const wasm = await load();
      preview(draw(wasm, KINDS[copyKind(chosen)], request, request.step, FINISHED));
    } catch (error) {
      status("failed", String(error && error.message ? error.message : error), "alert");
    }
  };

  // The <pre> option rewrites the ASCII preview at once.
  document.addEventListener("change", (event) => {
    if (event.target.matches("[data-export-pre]") && position) refresh(position);
  });

  window.sliderLabPictures = { act, refresh };
  // The click that loaded this script.
  const pending = window.sliderLabPending;
  delete window.sliderLabPending;
  if (pending) act(pending);
})();
