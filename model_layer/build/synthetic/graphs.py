"""The four Supertonic 3 graphs, with the published interface and random weights.

Shapes follow the project design notes on the Supertonic 3 model (Supertonic 2's published
config); the vector estimator's ConvNeXt inner width is raised from 1024 to 1920 so
the total matches Supertonic 3's ~99 M parameters. Parameter counts, from
`parameter_counts()` (vocabulary of 23,967 ids):

    graph               full          tiny
    duration_predictor   1,852,161      397,761
    text_encoder        12,789,760      854,880
    vector_estimator    59,675,280      248,752
    vocoder             25,332,224       89,568
    total               99,649,425    1,590,961   (~399 MB / ~6.4 MB fp32)

Padding (see layers.py for the rules): the duration predictor, text encoder and
vector estimator are padding-invariant on valid positions (up to float rounding,
~1e-6). The vocoder has
no mask input; it is built only from zero-padded convolutions and per-frame ops, so
for a latent that is zero beyond an item's length (as the vector estimator leaves
it) the waveform is padding-invariant except for the last
`VOCODER_RECEPTIVE_FIELD_FRAMES` (55) frames of 512 samples before that length
(~0.64 s), whose receptive field reaches the padding. Its output over the padding itself is not
silence: trim to the item's duration.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import numpy as np
import onnx
from onnx import TensorProto

from model_layer.build.synthetic.builder import GraphBuilder
from model_layer.build.synthetic.layers import (
    attention,
    channel_last_mask,
    conv1d,
    convnext,
    gelu,
    key_bias,
    layer_norm,
    linear,
    mask,
    transformer_layer,
)
from model_layer.constants import STYLE_DP_DIMS, STYLE_TTL_DIMS

Size = Literal["tiny", "full"]

SAMPLE_RATE = 44_100
BASE_CHUNK_SIZE = 512  # waveform samples per vocoder frame
LATENT_DIM = 24
CHUNK_COMPRESS_FACTOR = 6  # vocoder frames per latent step
LATENT_CHANNELS = LATENT_DIM * CHUNK_COMPRESS_FACTOR  # 144
TEXT_EMB_DIM = 256

OUTPUT_NAMES = {
    "duration_predictor": "duration",
    "text_encoder": "text_emb",
    "vector_estimator": "denoised_latent",
    "vocoder": "wav_tts",
}

# Duration per valid text position in seconds: MIN + SPAN * sigmoid(...), which keeps
# every item inside real speech's 0.06-0.09 s per character.
DURATION_MIN_S = 0.06
DURATION_SPAN_S = 0.03
VELOCITY_BOUND = 2.0  # |velocity| <= this, so 1..100 Euler steps move a latent at most 2

TEXT_KERNEL = 5
VE_DILATIONS = (1, 2, 4, 8)
VE_BLOCKS = 4
VE_TAIL_CONVNEXTS = 4
VOCODER_KERNEL = 7
VOCODER_DILATIONS = (1, 2, 4, 1, 2, 4, 1, 1, 1, 1)
VOCODER_HEAD_KERNEL = 3
TIME_SINUSOID_DIM = 64


@dataclass(frozen=True)
class Widths:
    """Channel widths and head counts; both sizes share every depth, kernel and dilation."""

    dp_dim: int
    dp_inter: int
    dp_heads: int
    dp_hidden: int
    te_dim: int
    te_inter: int
    te_heads: int
    te_style_heads: int
    ve_dim: int
    ve_inter: int
    ve_heads: int
    ve_time_dim: int
    voc_dim: int
    voc_inter: int
    voc_head: int


WIDTHS: dict[Size, Widths] = {
    "full": Widths(
        dp_dim=64, dp_inter=256, dp_heads=2, dp_hidden=128,
        te_dim=256, te_inter=1024, te_heads=4, te_style_heads=2,
        ve_dim=512, ve_inter=1920, ve_heads=4, ve_time_dim=256,
        voc_dim=512, voc_inter=2048, voc_head=2048,
    ),
    "tiny": Widths(
        dp_dim=16, dp_inter=32, dp_heads=2, dp_hidden=32,
        te_dim=32, te_inter=64, te_heads=4, te_style_heads=2,
        ve_dim=32, ve_inter=64, ve_heads=4, ve_time_dim=32,
        voc_dim=32, voc_inter=64, voc_head=64,
    ),
}  # fmt: skip

# How many frames before an item's end padding can change. The input conv sees zeros
# beyond the end whether they are padding or its own zero-padding; every later conv
# sees either its zero-padding (item alone) or the previous layer's nonzero output
# over the padding (item in a batch), so the bound is their combined reach.
VOCODER_RECEPTIVE_FIELD_FRAMES = (
    sum(d * (VOCODER_KERNEL - 1) // 2 for d in VOCODER_DILATIONS) + (VOCODER_HEAD_KERNEL - 1) // 2
)


def _text_inputs(b: GraphBuilder, style_name: str, style_dims: tuple[int, int]) -> tuple[str, ...]:
    ids = b.input("text_ids", TensorProto.INT64, ["B", "T"])
    style = b.input(style_name, TensorProto.FLOAT, ["B", *style_dims])
    text_mask = b.input("text_mask", TensorProto.FLOAT, ["B", 1, "T"])
    return ids, style, text_mask


def _embed(b: GraphBuilder, ids: str, prefix: str, vocab: int, dim: int, pos_mask: str) -> str:
    table = b.param(f"{prefix}.weight", (vocab, dim), 1.0)
    return mask(b, b.op("Gather", table, ids), pos_mask)


def duration_predictor(b: GraphBuilder, w: Widths, vocab: int) -> None:
    ids, style, text_mask = _text_inputs(b, "style_dp", STYLE_DP_DIMS)
    pos_mask, bias = channel_last_mask(b, text_mask), key_bias(b, text_mask)
    x = _embed(b, ids, "dp.embed", vocab, w.dp_dim, pos_mask)
    for i in range(6):
        x = convnext(b, x, pos_mask, f"dp.convnext{i}", w.dp_dim, w.dp_inter, TEXT_KERNEL)
    for i in range(2):
        x = transformer_layer(b, x, pos_mask, bias, f"dp.attn{i}", w.dp_dim, w.dp_inter, w.dp_heads)
    # The 8 style tokens of 16 condition every position, so voices speak at different
    # rates; the gain makes the difference large enough to notice.
    style_flat = b.op("Reshape", style, b.ints(0, 1, math.prod(STYLE_DP_DIMS)))
    x = b.op("Add", x, linear(b, style_flat, "dp.style", math.prod(STYLE_DP_DIMS), w.dp_dim, 2.0))
    h = gelu(b, linear(b, x, "dp.mlp1", w.dp_dim, w.dp_hidden))
    logit = linear(b, h, "dp.mlp2", w.dp_hidden, 1)
    per_position = b.op(
        "Add",
        b.op("Mul", b.op("Sigmoid", logit), b.const(DURATION_SPAN_S)),
        b.const(DURATION_MIN_S),
    )
    total = b.op("ReduceSum", mask(b, per_position, pos_mask), b.ints(1, 2), keepdims=0)
    b.output(total, OUTPUT_NAMES["duration_predictor"], ["B"])


def text_encoder(b: GraphBuilder, w: Widths, vocab: int) -> None:
    ids, style, text_mask = _text_inputs(b, "style_ttl", STYLE_TTL_DIMS)
    pos_mask, bias = channel_last_mask(b, text_mask), key_bias(b, text_mask)
    x = _embed(b, ids, "te.embed", vocab, w.te_dim, pos_mask)
    for i in range(6):
        x = convnext(b, x, pos_mask, f"te.convnext{i}", w.te_dim, w.te_inter, TEXT_KERNEL)
    for i in range(4):
        x = transformer_layer(b, x, pos_mask, bias, f"te.attn{i}", w.te_dim, w.te_inter, w.te_heads)
    # Style tokens are all valid, so the cross-attention needs no key mask.
    a = attention(
        b, x, style, None, "te.style_attn", w.te_dim, STYLE_TTL_DIMS[1], w.te_dim, w.te_style_heads
    )
    x = mask(b, layer_norm(b, b.op("Add", x, a), "te.style_norm", w.te_dim), pos_mask)
    x = mask(b, linear(b, x, "te.proj", w.te_dim, TEXT_EMB_DIM), pos_mask)
    b.output(
        b.op("Transpose", x, perm=[0, 2, 1]), OUTPUT_NAMES["text_encoder"], ["B", TEXT_EMB_DIM, "T"]
    )


def _time_embedding(b: GraphBuilder, current: str, total: str, w: Widths) -> str:
    """Sinusoid of the flow time step/total, through a 2-layer MLP: [B] -> [B, time_dim]."""
    half = TIME_SINUSOID_DIM // 2
    freqs = 1000.0 * np.exp(-math.log(10_000.0) * np.arange(half) / half)
    t = b.op("Unsqueeze", b.op("Div", current, total), b.ints(1))
    phase = b.op("Mul", t, b.const(*freqs.tolist()))
    sinusoid = b.op("Concat", b.op("Sin", phase), b.op("Cos", phase), axis=1)
    h = gelu(b, linear(b, sinusoid, "ve.time1", TIME_SINUSOID_DIM, w.ve_time_dim))
    return linear(b, h, "ve.time2", w.ve_time_dim, w.ve_time_dim)


def vector_estimator(b: GraphBuilder, w: Widths, _vocab: int) -> None:
    noisy = b.input("noisy_latent", TensorProto.FLOAT, ["B", LATENT_CHANNELS, "L"])
    text_emb = b.input("text_emb", TensorProto.FLOAT, ["B", TEXT_EMB_DIM, "T"])
    style = b.input("style_ttl", TensorProto.FLOAT, ["B", *STYLE_TTL_DIMS])
    text_mask = b.input("text_mask", TensorProto.FLOAT, ["B", 1, "T"])
    latent_mask = b.input("latent_mask", TensorProto.FLOAT, ["B", 1, "L"])
    current = b.input("current_step", TensorProto.FLOAT, ["B"])
    total = b.input("total_step", TensorProto.FLOAT, ["B"])

    pos_mask, text_bias = channel_last_mask(b, latent_mask), key_bias(b, text_mask)
    text = b.op("Transpose", text_emb, perm=[0, 2, 1])
    time_emb = _time_embedding(b, current, total, w)
    style_vec = b.op("ReduceMean", style, axes=[1], keepdims=0)  # axes: attribute until opset 18
    dim, inter = w.ve_dim, w.ve_inter

    x = b.op("Transpose", b.op("Mul", noisy, latent_mask), perm=[0, 2, 1])
    x = mask(b, linear(b, x, "ve.in_proj", LATENT_CHANNELS, dim), pos_mask)
    for i in range(VE_BLOCKS):
        p = f"ve.block{i}"
        for j, dilation in enumerate(VE_DILATIONS):
            x = convnext(b, x, pos_mask, f"{p}.convnext{j}", dim, inter, TEXT_KERNEL, dilation)
        cond = b.op(
            "Add",
            linear(b, time_emb, f"{p}.time", w.ve_time_dim, dim),
            linear(b, style_vec, f"{p}.style", STYLE_TTL_DIMS[1], dim),
        )
        x = mask(b, b.op("Add", x, b.op("Unsqueeze", cond, b.ints(1))), pos_mask)
        query = layer_norm(b, x, f"{p}.text_norm", dim)
        a = attention(
            b, query, text, text_bias, f"{p}.text_attn", dim, TEXT_EMB_DIM, dim, w.ve_heads
        )
        x = mask(b, b.op("Add", x, a), pos_mask)
        for j in (4, 5):
            x = convnext(b, x, pos_mask, f"{p}.convnext{j}", dim, inter, TEXT_KERNEL)
    for i in range(VE_TAIL_CONVNEXTS):
        x = convnext(b, x, pos_mask, f"ve.tail{i}", dim, inter, TEXT_KERNEL)
    x = layer_norm(b, x, "ve.out_norm", dim)
    velocity = b.op("Tanh", linear(b, x, "ve.out_proj", dim, LATENT_CHANNELS))
    velocity = b.op("Transpose", b.op("Mul", velocity, b.const(VELOCITY_BOUND)), perm=[0, 2, 1])
    # Euler step of the flow: latent + velocity / N, re-masked so padding stays zero.
    step = b.op("Div", velocity, b.op("Reshape", total, b.ints(-1, 1, 1)))
    out = b.op("Mul", b.op("Add", noisy, step), latent_mask)
    b.output(out, OUTPUT_NAMES["vector_estimator"], ["B", LATENT_CHANNELS, "L"])


def _sinusoid_bank(rng: np.random.Generator | None, rows: int) -> np.ndarray:
    """[rows, 512] cosines at log-spread pitches: each frame is a mix of tones.

    Random output weights would make white noise; a bank of tones gives the
    waveform pitch and spectral shape that change from frame to frame.
    """
    if rng is None:
        return np.zeros((rows, BASE_CHUNK_SIZE), dtype=np.float32)
    freqs = np.exp(rng.uniform(math.log(80.0), math.log(4000.0), size=(rows, 1)))
    phases = rng.uniform(0.0, 2 * math.pi, size=(rows, 1))
    n = np.arange(BASE_CHUNK_SIZE)[None, :]
    return (0.6 / math.sqrt(rows)) * np.cos(2 * math.pi * freqs * n / SAMPLE_RATE + phases)


def vocoder(b: GraphBuilder, w: Widths, _vocab: int) -> None:
    latent = b.input("latent", TensorProto.FLOAT, ["B", LATENT_CHANNELS, "L"])
    # Unfold each latent step into its 6 frames: channel c*6+j is dim c of frame j.
    frames = b.op("Reshape", latent, b.ints(0, LATENT_DIM, CHUNK_COMPRESS_FACTOR, -1))
    frames = b.op("Transpose", frames, perm=[0, 3, 2, 1])  # B, L, 6, 24
    x = b.op("Reshape", frames, b.ints(0, -1, LATENT_DIM))  # B, L*6, 24
    x = conv1d(b, x, "voc.in_conv", LATENT_DIM, w.voc_dim, VOCODER_KERNEL)
    for i, dilation in enumerate(VOCODER_DILATIONS):
        x = convnext(
            b, x, None, f"voc.convnext{i}", w.voc_dim, w.voc_inter, VOCODER_KERNEL, dilation
        )
    x = layer_norm(b, x, "voc.out_norm", w.voc_dim)
    x = gelu(b, conv1d(b, x, "voc.head", w.voc_dim, w.voc_head, VOCODER_HEAD_KERNEL))
    bank = b.fixed_param("voc.bank.weight", _sinusoid_bank(b.rng(), w.voc_head))
    samples = b.op("Tanh", b.op("MatMul", x, bank))  # B, L*6, 512
    wav = b.op("Reshape", samples, b.ints(0, -1))
    b.output(wav, OUTPUT_NAMES["vocoder"], ["B", "wav_len"])


GRAPHS: dict[str, Callable[[GraphBuilder, Widths, int], None]] = {
    "duration_predictor": duration_predictor,
    "text_encoder": text_encoder,
    "vector_estimator": vector_estimator,
    "vocoder": vocoder,
}


def build(name: str, size: Size, vocab: int, rng: np.random.Generator) -> onnx.ModelProto:
    b = GraphBuilder(name, rng)
    GRAPHS[name](b, WIDTHS[size], vocab)
    return b.to_model()


def parameter_counts(size: Size, vocab: int) -> dict[str, int]:
    """Learned parameters per graph, counted without drawing any weights."""
    counts = {}
    for name, graph in GRAPHS.items():
        b = GraphBuilder(name, None)
        graph(b, WIDTHS[size], vocab)
        counts[name] = b.param_count
    return counts
