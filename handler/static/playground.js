// The playground: one page, no dependencies. It talks only to this deployment's own API
// (/v1/health, /v1/voices, /v1/normalize, /v1/speech, /v1/speech/marks).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const FORMAT_TYPES = {
    wav: "audio/wav", mp3: "audio/mpeg", opus: "audio/ogg", ogg: "audio/ogg",
    flac: "audio/flac", pcm: "application/octet-stream",
  };
  const EXTENSIONS = { wav: "wav", mp3: "mp3", opus: "opus", ogg: "ogg", flac: "flac", pcm: "pcm" };
  // Inter-chunk pauses are exact digital silence in the server's PCM; a run of near-silence
  // at least this long is a candidate chunk boundary when no speech marks are available.
  const MIN_GAP_SECONDS = 0.05;
  const SILENCE_LEVEL = 1e-3;

  // State the tests read (window.playground): what was decoded, what was highlighted.
  const state = {
    health: null,
    inlineStyle: null,
    result: null,          // {announcedSeconds, decodedSeconds, firstAudioMs, rtf, ...}
    sentences: [],         // [{start, end, el}]
    timingSource: null,    // "marks" | "chunk silences" | "chunk lengths (estimate)"
    highlightTrail: [],    // sentence indices in the order they were highlighted
    errors: [],
  };
  window.playground = state;

  let audioContext = null;
  let session = null;      // the playback in progress: {clock(), stop()}
  let abort = null;
  let downloadUrl = null;

  // --- small helpers --------------------------------------------------------------------
  function setState(name) { document.body.dataset.state = name; }

  function showError(message) {
    const box = $("error");
    box.textContent = message;
    box.hidden = false;
    state.errors.push(message);
  }

  function clearError() { $("error").hidden = true; $("error").textContent = ""; }

  async function apiError(response) {
    let text = `${response.status} ${response.statusText}`;
    try {
      const document_ = await response.json();
      if (document_ && document_.error) {
        text = `${document_.error.code}: ${document_.error.message}`;
      }
    } catch (_) { /* not JSON: the status line says enough */ }
    return text;
  }

  async function getJson(path) {
    const response = await fetch(path, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(await apiError(response));
    return response.json();
  }

  function postJson(path, body, signal) {
    return fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // --- the request the form describes ------------------------------------------------------
  function textType() { return document.querySelector("input[name=text-type]:checked").value; }

  // The /v1/speech body the form describes. `complete` is false for the snippets, which
  // show a placeholder where an inline style is still missing instead of failing.
  function requestBody(complete = true) {
    const body = { text: $("text").value, format: $("format").value };
    if (textType() === "ssml") body.text_type = "ssml";
    const voice = $("voice").value;
    if (voice === "inline") {
      if (!state.inlineStyle && complete) throw new Error("choose a style JSON file for the inline voice");
      body.voice = state.inlineStyle || "<your style JSON>";
    } else {
      body.voice = voice;
    }
    if ($("lang").value) body.lang = $("lang").value;
    body.speed = Number($("speed").value);
    body.steps = Number($("steps").value);
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    return body;
  }

  function newSeed() {
    const words = new Uint32Array(1);
    crypto.getRandomValues(words);
    $("seed").value = String(words[0]);
    updateSnippets();
  }

  // --- snippets --------------------------------------------------------------------------
  function shellQuote(text) { return `'${text.replace(/'/g, "'\\''")}'`; }

  function updateSnippets() {
    const body = requestBody(false);
    const origin = window.location.origin;
    const extension = EXTENSIONS[body.format] || "audio";
    $("snippet-curl").textContent =
      `curl -sS -X POST ${origin}/v1/speech \\\n` +
      `  -H 'content-type: application/json' \\\n` +
      `  -d ${shellQuote(JSON.stringify(body))} \\\n` +
      `  -o speech.${extension}`;
    const openaiFormat = ["mp3", "opus", "flac", "wav", "pcm"].includes(body.format)
      ? body.format : "mp3";
    const voice = typeof body.voice === "string" ? body.voice : "M1";
    $("snippet-openai").textContent = [
      "from openai import OpenAI",
      "",
      `client = OpenAI(base_url=${JSON.stringify(origin + "/v1")}, api_key="unused")`,
      "with client.audio.speech.with_streaming_response.create(",
      '    model="tts-1",',
      typeof body.voice === "string"
        ? `    voice=${JSON.stringify(voice)},`
        : `    voice=${JSON.stringify(voice)},  # inline styles need /v1/speech`,
      `    input=${JSON.stringify(body.text)},`,
      `    response_format=${JSON.stringify(openaiFormat)},`,
      `    speed=${body.speed},`,
      ") as response:",
      `    response.stream_to_file("speech.${EXTENSIONS[openaiFormat]}")`,
    ].join("\n");
  }

  async function copySnippet(id, button) {
    const text = $(id).textContent;
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch (_) {
      // No clipboard permission: select the text so Ctrl-C copies it.
      const range = document.createRange();
      range.selectNodeContents($(id));
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      button.textContent = "Selected";
    }
    setTimeout(() => { button.textContent = "Copy"; }, 1500);
  }

  // --- start-up --------------------------------------------------------------------------
  async function describeModel() {
    const [health, voices] = await Promise.all([getJson("/v1/health"), getJson("/v1/voices")]);
    state.health = health;
    const synthetic = health.synthetic === true ||
      String(health.model_revision || "").startsWith("synthetic");
    $("synthetic-notice").hidden = !synthetic;
    document.body.dataset.synthetic = String(synthetic);
    $("model-line").textContent =
      `Model ${health.model_revision}, ${health.sample_rate} Hz, ` +
      `${voices.voices.length} voices, ${health.languages.length} languages.`;
    const voiceSelect = $("voice");
    for (const voice of voices.voices) {
      const option = element("option", null, voice.name);
      option.value = voice.name;
      if (voice.openai_aliases.length) option.title = `OpenAI: ${voice.openai_aliases.join(", ")}`;
      voiceSelect.append(option);
    }
    // The API's default voice first selected, as a request without `voice` gets it.
    if (voices.voices.some((voice) => voice.name === "M1")) voiceSelect.value = "M1";
    const inline = element("option", null, "inline style (JSON file)…");
    inline.value = "inline";
    voiceSelect.append(inline);
    const langSelect = $("lang");
    for (const code of health.languages) {
      const option = element("option", null, code);
      option.value = code;
      langSelect.append(option);
    }
  }

  async function loadStyleFile(file) {
    const status = $("style-status");
    status.hidden = false;
    try {
      const style = JSON.parse(await file.text());
      if (!style || typeof style !== "object" || !style.style_ttl || !style.style_dp) {
        throw new Error("a voice style has style_ttl and style_dp");
      }
      state.inlineStyle = { style_ttl: style.style_ttl, style_dp: style.style_dp };
      status.textContent = `Inline style loaded from ${file.name}.`;
    } catch (error) {
      state.inlineStyle = null;
      status.textContent = `Not a voice style: ${error.message}`;
    }
    updateSnippets();
  }

  // --- preview ---------------------------------------------------------------------------
  function markDropped(text, dropped) {
    const codepoints = new Set(dropped.map((label) => parseInt(label.slice(2), 16)));
    const target = $("preview-source");
    target.replaceChildren();
    let plain = "";
    for (const character of text) {
      if (codepoints.has(character.codePointAt(0))) {
        if (plain) target.append(plain);
        plain = "";
        const mark = element("mark", "dropped", character);
        mark.title = `dropped: U+${character.codePointAt(0).toString(16).toUpperCase()}`;
        target.append(mark);
      } else {
        plain += character;
      }
    }
    if (plain) target.append(plain);
  }

  async function preview() {
    clearError();
    let body;
    try { body = requestBody(); } catch (error) { showError(error.message); return; }
    setState("previewing");
    const response = await postJson("/v1/normalize", body);
    if (!response.ok) { showError(await apiError(response)); setState("error"); return; }
    const result = await response.json();
    $("preview-lang").textContent = result.language;
    const dropped = result.dropped_characters;
    $("preview-dropped-count").textContent = dropped.length
      ? `dropped: ${dropped.join(", ")}` : "no characters dropped";
    markDropped(body.text, dropped);
    const list = $("preview-chunks");
    list.replaceChildren(...result.chunks.map((chunk) => element("li", null, chunk)));
    $("preview-panel").hidden = false;
    setState("previewed");
  }

  // --- audio -----------------------------------------------------------------------------
  // Streams 16-bit mono PCM (a WAV body, or raw pcm) into Web Audio as the bytes arrive, so
  // playback starts with the first chunk. Every buffer is scheduled right after the one
  // before; when the network falls behind, the next one starts a little later, and the
  // clock keeps mapping context time to audio position across those gaps.
  class PcmStreamPlayer {
    constructor(context, sampleRate, hasHeader) {
      this.context = context;
      this.sampleRate = sampleRate;
      this.pendingHeader = hasHeader ? new Uint8Array(0) : null;
      this.carry = null;              // an odd trailing byte
      this.samples = [];              // Float32Array pieces, for the waveform
      this.frames = 0;
      this.segments = [];             // [{contextStart, audioStart, seconds}]
      this.sources = [];
      this.nextContextTime = 0;
    }

    push(bytes) {
      let data = bytes;
      if (this.pendingHeader) {
        const joined = new Uint8Array(this.pendingHeader.length + data.length);
        joined.set(this.pendingHeader);
        joined.set(data, this.pendingHeader.length);
        const offset = wavDataOffset(joined);
        if (offset < 0) { this.pendingHeader = joined; return false; }
        this.pendingHeader = null;
        data = joined.subarray(offset);
      }
      if (this.carry) {
        const joined = new Uint8Array(data.length + 1);
        joined[0] = this.carry[0];
        joined.set(data, 1);
        data = joined;
        this.carry = null;
      }
      if (data.length % 2) { this.carry = data.slice(data.length - 1); data = data.subarray(0, data.length - 1); }
      if (!data.length) return false;
      const pcm = pcm16ToFloat(data);
      this.schedule(pcm);
      return true;
    }

    schedule(pcm) {
      const buffer = this.context.createBuffer(1, pcm.length, this.sampleRate);
      buffer.copyToChannel(pcm, 0);
      const source = this.context.createBufferSource();
      source.buffer = buffer;
      source.connect(this.context.destination);
      const earliest = this.context.currentTime + 0.05;
      const start = Math.max(this.nextContextTime, earliest);
      source.start(start);
      this.sources.push(source);
      this.segments.push({ contextStart: start, audioStart: this.frames / this.sampleRate, seconds: buffer.duration });
      this.samples.push(pcm);
      this.frames += pcm.length;
      this.nextContextTime = start + buffer.duration;
    }

    clock() {
      const now = this.context.currentTime;
      let position = 0;
      for (const segment of this.segments) {
        if (now < segment.contextStart) break;
        position = segment.audioStart + Math.min(now - segment.contextStart, segment.seconds);
      }
      return position;
    }

    // Ended once every byte has arrived (finish()) and the last buffer has played.
    finish() { this.complete = true; }

    get ended() { return Boolean(this.complete) && this.context.currentTime >= this.nextContextTime; }

    stop() { for (const source of this.sources) { try { source.stop(); } catch (_) { /* done */ } } }

    pcm() { return concatFloat(this.samples, this.frames); }
  }

  function wavDataOffset(bytes) {
    if (bytes.length < 12) return -1;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let offset = 12;
    while (offset + 8 <= bytes.length) {
      const id = String.fromCharCode(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]);
      if (id === "data") return offset + 8;
      offset += 8 + view.getUint32(offset + 4, true) + (view.getUint32(offset + 4, true) % 2);
    }
    return -1;
  }

  function pcm16ToFloat(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const out = new Float32Array(bytes.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = view.getInt16(2 * i, true) / 32768;
    return out;
  }

  function concatFloat(pieces, total) {
    const out = new Float32Array(total);
    let offset = 0;
    for (const piece of pieces) { out.set(piece, offset); offset += piece.length; }
    return out;
  }

  // The whole result decoded by the browser itself (raw pcm has no container to decode).
  async function decodeAll(bytes, format, sampleRate) {
    if (format === "pcm") {
      const pcm = pcm16ToFloat(new Uint8Array(bytes, 0, bytes.byteLength - (bytes.byteLength % 2)));
      const buffer = audioContext.createBuffer(1, Math.max(pcm.length, 1), sampleRate);
      buffer.copyToChannel(pcm, 0);
      return buffer;
    }
    return audioContext.decodeAudioData(bytes.slice(0));
  }

  function playBuffer(buffer) {
    const source = audioContext.createBufferSource();
    source.buffer = buffer;
    source.connect(audioContext.destination);
    const start = audioContext.currentTime + 0.05;
    source.start(start);
    return {
      clock: () => Math.min(Math.max(audioContext.currentTime - start, 0), buffer.duration),
      get ended() { return audioContext.currentTime >= start + buffer.duration; },
      stop: () => { try { source.stop(); } catch (_) { /* done */ } },
    };
  }

  function drawWaveform(samples, duration) {
    const canvas = $("waveform");
    const width = canvas.width = Math.max(canvas.clientWidth, 300) * (window.devicePixelRatio || 1);
    const height = canvas.height = 120 * (window.devicePixelRatio || 1);
    const draw = canvas.getContext("2d");
    draw.clearRect(0, 0, width, height);
    draw.fillStyle = getComputedStyle(document.documentElement).getPropertyValue("--wave").trim() || "#2456c7";
    const perColumn = Math.max(1, Math.floor(samples.length / width));
    const middle = height / 2;
    for (let x = 0; x < width; x++) {
      let low = 0, high = 0;
      const from = Math.floor((x * samples.length) / width);
      for (let i = from; i < Math.min(from + perColumn, samples.length); i++) {
        if (samples[i] < low) low = samples[i];
        if (samples[i] > high) high = samples[i];
      }
      draw.fillRect(x, middle - high * middle, 1, Math.max(1, (high - low) * middle));
    }
    canvas.dataset.seconds = duration.toFixed(3);
  }

  // --- sentence timings ------------------------------------------------------------------
  // Sentence marks for the request as the audio was made (same seed), or null when the
  // deployment has no marks route. Asked as soon as the seed is known, while audio streams.
  async function requestMarks(body, seed) {
    try {
      const marked = await postJson("/v1/speech/marks", Object.assign({}, body, { seed }));
      if (!marked.ok) { await marked.body?.cancel(); return null; }
      const sentences = (await marked.json()).marks.filter((mark) => mark.type === "sentence");
      return sentences.length ? { source: "marks", sentences, plain: body.text_type !== "ssml" } : null;
    } catch (_) {
      return null;
    }
  }

  async function sentenceTimings(marks, body, samples, sampleRate, duration) {
    if (marks) return marks;
    const normalized = await postJson("/v1/normalize", body);
    if (!normalized.ok) return { source: "none", sentences: [] };
    const chunks = (await normalized.json()).chunks;
    const bounds = silenceBoundaries(samples, sampleRate, chunks.length);
    if (bounds) {
      return {
        source: "chunk silences",
        sentences: chunks.map((text, i) => ({ text, start: bounds[i], end: bounds[i + 1] ?? duration })),
      };
    }
    // Last resort: the duration shared out by chunk length, labelled as the estimate it is.
    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0) || 1;
    let start = 0;
    const sentences = chunks.map((text) => {
      const end = start + (duration * text.length) / total;
      const sentence = { text, start, end };
      start = end;
      return sentence;
    });
    return { source: "chunk lengths (estimate)", sentences };
  }

  // Starts of the chunks, from the n-1 longest silent runs: the server puts a pause of exact
  // silence before every chunk but the first. Null when the audio shows fewer gaps.
  function silenceBoundaries(samples, sampleRate, count) {
    if (count <= 1) return count === 1 ? [0] : null;
    const minimum = Math.floor(MIN_GAP_SECONDS * sampleRate);
    const gaps = [];
    let runStart = -1;
    for (let i = 0; i <= samples.length; i++) {
      const quiet = i < samples.length && Math.abs(samples[i]) < SILENCE_LEVEL;
      if (quiet && runStart < 0) runStart = i;
      if (!quiet && runStart >= 0) {
        // A run touching either end is leading/trailing silence, not a boundary.
        if (i - runStart >= minimum && runStart > 0 && i < samples.length) gaps.push([runStart, i]);
        runStart = -1;
      }
    }
    if (gaps.length < count - 1) return null;
    const chosen = gaps.sort((a, b) => (b[1] - b[0]) - (a[1] - a[0])).slice(0, count - 1)
      .sort((a, b) => a[0] - b[0]);
    // A chunk starts where its pause starts: the pause is part of the chunk's audio.
    return [0, ...chosen.map(([from]) => from / sampleRate)];
  }

  function renderReading(timings, body) {
    const reading = $("reading");
    reading.replaceChildren();
    state.sentences = [];
    const text = body.text;
    let cursor = 0;
    for (const sentence of timings.sentences) {
      const span = element("span", "sentence");
      if (timings.plain && Number.isInteger(sentence.text_start)) {
        if (sentence.text_start > cursor) reading.append(text.slice(cursor, sentence.text_start));
        span.textContent = text.slice(sentence.text_start, sentence.text_end);
        cursor = sentence.text_end;
      } else {
        if (state.sentences.length) reading.append(" ");
        span.textContent = sentence.text;
      }
      reading.append(span);
      state.sentences.push({ start: sentence.start, end: sentence.end, el: span });
    }
    if (timings.plain && cursor < text.length) reading.append(text.slice(cursor));
    state.timingSource = timings.source;
    $("timing-source").textContent = timings.source;
  }

  let highlighted = -1;
  let awaitingTimings = false;
  function highlight(position) {
    let index = -1;
    for (let i = 0; i < state.sentences.length; i++) {
      if (position >= state.sentences[i].start) index = i;
    }
    if (index === highlighted) return;
    if (highlighted >= 0 && state.sentences[highlighted]) state.sentences[highlighted].el.classList.remove("current");
    highlighted = index;
    if (index >= 0) {
      state.sentences[index].el.classList.add("current");
      state.highlightTrail.push(index);
    }
  }

  function follow() {
    const playhead = $("playhead");
    const tick = () => {
      const player = $("player");
      let position;
      if (session) position = session.clock();
      else if (!player.paused) position = player.currentTime;
      if (position !== undefined) {
        highlight(position);
        playhead.style.width = `${Math.min(100, (100 * position) / (state.duration || 1))}%`;
      }
      // Done once the audio has played out and the sentence timings are on the page.
      if (session && session.ended && !awaitingTimings) {
        session = null;
        if (document.body.dataset.state === "playing") setState("done");
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  // --- speak -----------------------------------------------------------------------------
  async function speak() {
    clearError();
    let body;
    try { body = requestBody(); } catch (error) { showError(error.message); return; }
    if (session) { session.stop(); session = null; }
    $("player").pause();
    audioContext = audioContext || new AudioContext();
    await audioContext.resume();
    abort = new AbortController();
    $("stop").disabled = false;
    $("speak").disabled = true;
    state.highlightTrail = [];
    state.sentences = [];
    state.timingSource = null;
    highlighted = -1;
    awaitingTimings = true;
    setState("speaking");
    const started = performance.now();
    try {
      const response = await postJson("/v1/speech", body, abort.signal);
      if (!response.ok) throw new Error(await apiError(response));
      const headers = response.headers;
      const contentType = headers.get("content-type") || "";
      const seed = Number(headers.get("x-seed"));
      const language = headers.get("x-language");
      if (contentType.startsWith("application/json")) {
        awaitingTimings = false;
        await playFromS3(await response.json(), started, seed, language, body);
        return;
      }
      const marksRequest = requestMarks(body, seed);
      const sampleRate = Number(headers.get("x-sample-rate"));
      const announced = Number(headers.get("x-audio-duration"));
      const streamable = body.format === "wav" || body.format === "pcm";
      const streamer = streamable ? new PcmStreamPlayer(audioContext, sampleRate, body.format === "wav") : null;
      if (streamer) { session = streamer; setState("playing"); }
      let firstAudioMs = null;
      const pieces = [];
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pieces.push(value);
        if (streamer && streamer.push(value) && firstAudioMs === null) {
          firstAudioMs = performance.now() - started;
          $("stat-first-audio").textContent = `${Math.round(firstAudioMs)} ms`;
        }
      }
      const totalMs = performance.now() - started;
      if (streamer) streamer.finish();
      const blob = new Blob(pieces, { type: FORMAT_TYPES[body.format] || contentType });
      const decoded = await decodeAll(await blob.arrayBuffer(), body.format, sampleRate);
      if (!streamer) {
        session = playBuffer(decoded);
        setState("playing");
        firstAudioMs = performance.now() - started;
      }
      const samples = decoded.getChannelData(0);
      state.result = {
        announcedSeconds: announced,
        decodedSeconds: decoded.duration,
        decodedFrames: decoded.length,
        decodedRate: decoded.sampleRate,
        streamedFrames: streamer ? streamer.frames : null,
        firstAudioMs,
        totalMs,
        rtf: totalMs / 1000 / decoded.duration,
        seed,
        language,
        bytes: blob.size,
        format: body.format,
      };
      showResult(state.result, "inline");
      setDownload(blob, body.format);
      drawWaveform(samples, decoded.duration);
      $("result-panel").hidden = false;
      const timings = await sentenceTimings(
        await marksRequest, body, samples, decoded.sampleRate, decoded.duration);
      renderReading(timings, body);
      awaitingTimings = false;
      if (body.format !== "pcm") $("player").src = downloadUrl;
      document.body.dataset.timings = timings.source;
    } catch (error) {
      awaitingTimings = false;
      if (session) { session.stop(); session = null; }
      if (error.name === "AbortError") { setState("stopped"); return; }
      showError(error.message);
      setState("error");
    } finally {
      $("speak").disabled = false;
      $("stop").disabled = true;
      abort = null;
    }
  }

  async function playFromS3(delivery, started, seed, language, body) {
    // Too large for a response: the audio waits in S3 behind a presigned URL.
    const player = $("player");
    player.src = delivery.url;
    await player.play();
    const firstAudioMs = performance.now() - started;
    state.result = {
      announcedSeconds: delivery.duration_seconds, decodedSeconds: null, firstAudioMs,
      totalMs: firstAudioMs, rtf: null, seed, language, format: body.format,
    };
    showResult(state.result, "S3 (presigned URL)");
    const download = $("download");
    download.href = delivery.url;
    download.hidden = false;
    $("result-panel").hidden = false;
    setState("playing");
  }

  function showResult(result, delivery) {
    const seconds = result.decodedSeconds ?? result.announcedSeconds;
    $("stat-duration").textContent = `${seconds.toFixed(2)} s`;
    $("stat-first-audio").textContent = `${Math.round(result.firstAudioMs)} ms`;
    $("stat-rtf").textContent = result.rtf === null ? "–" : result.rtf.toFixed(3);
    $("stat-lang").textContent = result.language || "–";
    $("stat-seed").textContent = String(result.seed);
    $("stat-delivery").textContent = delivery;
  }

  function setDownload(blob, format) {
    if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    downloadUrl = URL.createObjectURL(blob);
    const link = $("download");
    link.href = downloadUrl;
    link.download = `speech.${EXTENSIONS[format] || "audio"}`;
    link.hidden = false;
  }

  function stop() {
    if (abort) abort.abort();
    if (session) { session.stop(); session = null; }
    $("player").pause();
    setState("stopped");
  }

  // --- wiring ----------------------------------------------------------------------------
  function wire() {
    $("preview").addEventListener("click", () => preview().catch((e) => { showError(e.message); setState("error"); }));
    $("speak").addEventListener("click", () => speak());
    $("stop").addEventListener("click", stop);
    $("new-seed").addEventListener("click", newSeed);
    $("speed").addEventListener("input", () => { $("speed-value").textContent = Number($("speed").value).toFixed(2); });
    $("voice").addEventListener("change", () => {
      $("style-file-label").hidden = $("voice").value !== "inline";
      $("style-status").hidden = $("voice").value !== "inline" || !$("style-status").textContent;
    });
    $("style-file").addEventListener("change", (event) => {
      const file = event.target.files[0];
      if (file) loadStyleFile(file);
    });
    $("text").addEventListener("input", () => { $("text-count").textContent = `${$("text").value.length} characters`; });
    $("player").addEventListener("play", () => {
      if (session) { session.stop(); session = null; }
      highlighted = -1;
    });
    for (const control of document.querySelectorAll("input, select, textarea")) {
      control.addEventListener("change", updateSnippets);
      control.addEventListener("input", updateSnippets);
    }
    for (const button of document.querySelectorAll("button[data-copy]")) {
      button.addEventListener("click", () => copySnippet(button.dataset.copy, button));
    }
    $("text-count").textContent = `${$("text").value.length} characters`;
  }

  wire();
  describeModel()
    .then(() => { updateSnippets(); setState("ready"); })
    .catch((error) => { showError(`cannot reach the API: ${error.message}`); setState("error"); });
  follow();
  // The playhead needs the duration of whatever is current.
  Object.defineProperty(state, "duration", { get: () => (state.result ? state.result.decodedSeconds || state.result.announcedSeconds : 0) });
})();
