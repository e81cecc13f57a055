"""The four graphs in the node layout of the RELEASED Supertonic 3 files.

`graphs.py` builds the project's own layout (channel-last, pointwise layers as MatMul).
The released files are laid out differently (design notes, "Node layout of the released
graphs"), and speed work must be measured and tested on that layout too:

- opset 19, erf GELU, dimension names batch_size / text_length / latent_length, and the
  vector estimator's inputs in the released order;
- channels-first ConvNeXt blocks: `Pad(mode=edge)` of `x*mask`, depthwise `Conv` with
  pads 0, `Transpose` -> `LayerNormalization` -> `Transpose`, pointwise `Conv` k=1,
  GELU, `Conv` k=1, `Mul` by gamma (1,C,1), residual `Add`;
- the text encoder's and duration predictor's attention and FFN projections are
  `Conv` k=1; the vector estimator's attention projections are `MatMul` + `Add`; its
  time MLP is `Gemm`;
- classifier-free guidance inside the vector estimator: `Tile(x, [2,1,1])` of the
  latent, masks and time, text and style contexts concatenated on the batch axis with
  learned unconditional tokens, output `x + (4 v_c - 3 v_u) / total_step`;
- masks applied as `Mul` by copies of the mask and, in attention, as
  `Where(Equal(mask, 0), fill, x)`;
- a causal vocoder (left edge pads), BatchNormalization, head Conv k3, PRelu, Conv k1.

Weights are random, widths chosen so the parameter counts are close to the released
ones (the real graphs cannot be seen here). Not reproduced: the length-scaled rotary
positions of the text attention (per-position arithmetic, no rewrite touches them).

Unlike the project's own layout, these graphs are NOT padding-invariant: edge padding
of a masked sequence repeats zeros for a padded item and the last valid value for an
unpadded one, as the released graphs do.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import onnx
from onnx import TensorProto

from model_layer.build.synthetic.builder import GraphBuilder
from model_layer.build.synthetic.graphs import (
    CHUNK_COMPRESS_FACTOR,
    DURATION_MIN_S,
    DURATION_SPAN_S,
    LATENT_CHANNELS,
    LATENT_DIM,
    OUTPUT_NAMES,
    TEXT_EMB_DIM,
    TIME_SINUSOID_DIM,
    VELOCITY_BOUND,
    Size,
    _sinusoid_bank,
)
from model_layer.build.synthetic.layers import BIAS_STD, NORM_JITTER, gelu
from model_layer.constants import STYLE_DP_DIMS, STYLE_TTL_DIMS

OPSET = 19
DIM_NAMES = {"B": "batch_size", "T": "text_length", "L": "latent_length"}
# The released vector estimator's input order (the contract's other graphs keep theirs).
VE_INPUT_ORDER = (
    "noisy_latent", "text_emb", "style_ttl", "latent_mask", "text_mask",
    "current_step", "total_step",
)  # fmt: skip
KERNEL = 5
VE_DILATIONS = (1, 2, 4, 8)
VE_CYCLES = 4
VE_LAST_CONVNEXTS = 4
VOCODER_KERNEL = 7
VOCODER_DILATIONS = (1, 2, 4, 1, 2, 4, 1, 1, 1, 1)
CFG_COND, CFG_UNCOND = 4.0, 3.0  # out = x + (4 v_c - 3 v_u) / total_step


@dataclass(frozen=True)
class ReleasedWidths:
    dp_dim: int
    dp_inter: int
    dp_heads: int
    te_dim: int
    te_inter: int
    te_heads: int
    ve_dim: int
    ve_inter: int
    ve_heads: int
    ve_style_dim: int
    ve_time_dim: int
    voc_dim: int
    voc_inter: int
    voc_head: int


WIDTHS: dict[Size, ReleasedWidths] = {
    "full": ReleasedWidths(
        dp_dim=64, dp_inter=256, dp_heads=2, te_dim=256, te_inter=1024, te_heads=4,
        ve_dim=512, ve_inter=1920, ve_heads=8, ve_style_dim=256, ve_time_dim=256,
        voc_dim=512, voc_inter=2048, voc_head=2048,
    ),
    "tiny": ReleasedWidths(
        dp_dim=16, dp_inter=32, dp_heads=2, te_dim=32, te_inter=64, te_heads=4,
        ve_dim=32, ve_inter=64, ve_heads=4, ve_style_dim=16, ve_time_dim=32,
        voc_dim=32, voc_inter=64, voc_head=64,
    ),
}  # fmt: skip


# -- channels-first blocks: activations [B, C, T], masks [B, 1, T] ---------------------


def _mask(b: GraphBuilder, x: str, mask: str | None) -> str:
    return x if mask is None else b.op("Mul", x, mask)


def conv(
    b: GraphBuilder,
    x: str,
    prefix: str,
    d_in: int,
    d_out: int,
    kernel: int = 1,
    *,
    dilation: int = 1,
    depthwise: bool = False,
    gain: float = 1.0,
) -> str:
    """Conv1d with pads 0 (padding, where wanted, is an explicit Pad before it)."""
    fan_in = kernel if depthwise else d_in * kernel
    weight = b.param(
        f"{prefix}.weight", (d_out, 1 if depthwise else d_in, kernel), gain / math.sqrt(fan_in)
    )
    bias = b.param(f"{prefix}.bias", (d_out,), BIAS_STD)
    return b.op(
        "Conv", x, weight, bias, kernel_shape=[kernel], dilations=[dilation],
        pads=[0, 0], group=d_out if depthwise else 1,
    )  # fmt: skip


def edge_pad(b: GraphBuilder, x: str, left: int, right: int) -> str:
    return b.op("Pad", x, b.ints(0, 0, left, 0, 0, right), mode="edge")


def layer_norm_cf(b: GraphBuilder, x: str, prefix: str, dim: int) -> str:
    """LayerNorm over channels of a channels-first tensor: Transpose, LN, Transpose."""
    scale = b.param(f"{prefix}.scale", (dim,), NORM_JITTER, mean=1.0)
    shift = b.param(f"{prefix}.shift", (dim,), NORM_JITTER)
    h = b.op("Transpose", x, perm=[0, 2, 1])
    h = b.op("LayerNormalization", h, scale, shift, axis=-1, epsilon=1e-6)
    return b.op("Transpose", h, perm=[0, 2, 1])


def convnext(
    b: GraphBuilder,
    x: str,
    mask: str | None,
    prefix: str,
    dim: int,
    inter: int,
    kernel: int,
    dilation: int = 1,
    *,
    causal: bool = False,
) -> str:
    reach = dilation * (kernel - 1)
    left, right = (reach, 0) if causal else (reach // 2, reach - reach // 2)
    h = edge_pad(b, _mask(b, x, mask), left, right)
    h = conv(b, h, f"{prefix}.dw", dim, dim, kernel, dilation=dilation, depthwise=True)
    h = layer_norm_cf(b, h, f"{prefix}.norm", dim)
    h = gelu(b, conv(b, h, f"{prefix}.pw1", dim, inter))
    h = conv(b, h, f"{prefix}.pw2", inter, dim)
    gamma = b.param(f"{prefix}.gamma", (1, dim, 1), 0.05, mean=0.3)
    return _mask(b, b.op("Add", x, b.op("Mul", h, gamma)), mask)


def _where_zero(b: GraphBuilder, mask: str, fill: float, x: str) -> str:
    """x where mask != 0, else `fill`: the released graphs' attention masking."""
    return b.op("Where", b.op("Equal", mask, b.const(0.0)), b.const(fill), x)


def _heads_attention(
    b: GraphBuilder, q: str, k: str, v: str, key_mask: str | None, heads: int, head_dim: int
) -> str:
    """q [B,Tq,H*hd], k/v [B,Tk,H*hd] channel-last -> [B,Tq,H*hd]."""
    split = b.ints(0, 0, heads, head_dim)
    q = b.op("Transpose", b.op("Reshape", q, split), perm=[0, 2, 1, 3])
    k = b.op("Transpose", b.op("Reshape", k, split), perm=[0, 2, 3, 1])
    v = b.op("Transpose", b.op("Reshape", v, split), perm=[0, 2, 1, 3])
    scores = b.op("Mul", b.op("MatMul", q, k), b.const(1 / math.sqrt(head_dim)))
    if key_mask is not None:  # [B,1,Tk] -> [B,1,1,Tk]
        scores = _where_zero(b, b.op("Unsqueeze", key_mask, b.ints(1)), -math.inf, scores)
    context = b.op("MatMul", b.op("Softmax", scores, axis=-1), v)
    context = b.op("Transpose", context, perm=[0, 2, 1, 3])
    return b.op("Reshape", context, b.ints(0, 0, heads * head_dim))


def _linear(b: GraphBuilder, x: str, prefix: str, d_in: int, d_out: int) -> str:
    weight = b.param(f"{prefix}.weight", (d_in, d_out), 1 / math.sqrt(d_in))
    return b.op("Add", b.op("MatMul", x, weight), b.param(f"{prefix}.bias", (d_out,), BIAS_STD))


def _gemm(b: GraphBuilder, x: str, prefix: str, d_in: int, d_out: int) -> str:
    weight = b.param(f"{prefix}.weight", (d_out, d_in), 1 / math.sqrt(d_in))
    return b.op("Gemm", x, weight, b.param(f"{prefix}.bias", (d_out,), BIAS_STD), transB=1)


def self_attention_cf(b: GraphBuilder, x: str, mask: str, prefix: str, dim: int, heads: int) -> str:
    """Text-side self-attention, projections as Conv k=1 on channels-first x."""
    q, k, v = (
        b.op("Transpose", conv(b, x, f"{prefix}.{n}", dim, dim), perm=[0, 2, 1]) for n in "qkv"
    )
    context = _heads_attention(b, q, k, v, mask, heads, dim // heads)
    return conv(b, b.op("Transpose", context, perm=[0, 2, 1]), f"{prefix}.o", dim, dim)


def transformer_layer_cf(
    b: GraphBuilder, x: str, mask: str, prefix: str, dim: int, inter: int, heads: int
) -> str:
    a = self_attention_cf(b, _mask(b, x, mask), mask, f"{prefix}.attn", dim, heads)
    x = _mask(b, layer_norm_cf(b, b.op("Add", x, a), f"{prefix}.norm1", dim), mask)
    f = conv(b, gelu(b, conv(b, x, f"{prefix}.ffn1", dim, inter)), f"{prefix}.ffn2", inter, dim)
    return _mask(
        b, layer_norm_cf(b, b.op("Add", x, _mask(b, f, mask)), f"{prefix}.norm2", dim), mask
    )


def cross_attention(
    b: GraphBuilder,
    x: str,
    query_mask: str,
    context_cl: str,
    key_mask: str | None,
    prefix: str,
    dims: tuple[int, int, int],
    heads: int,
) -> str:
    """Channels-first x [B,C,Tq] attends over channel-last context [B,Tk,D]; MatMul
    projections; the result is zeroed on masked queries (Where) and added to x."""
    dim, d_ctx, inner = dims
    q = _linear(b, b.op("Transpose", x, perm=[0, 2, 1]), f"{prefix}.q", dim, inner)
    k = _linear(b, context_cl, f"{prefix}.k", d_ctx, inner)
    v = _linear(b, context_cl, f"{prefix}.v", d_ctx, inner)
    out = _linear(
        b, _heads_attention(b, q, k, v, key_mask, heads, inner // heads), f"{prefix}.o", inner, dim
    )
    out = b.op("Transpose", out, perm=[0, 2, 1])
    return b.op("Add", x, _where_zero(b, query_mask, 0.0, out))


# -- the graphs ------------------------------------------------------------------------


def _text_front(
    b: GraphBuilder, vocab: int, style_name: str, style_dims: tuple[int, int], prefix: str, dim: int
) -> tuple[str, str, str]:
    ids = b.input("text_ids", TensorProto.INT64, ["B", "T"])
    style = b.input(style_name, TensorProto.FLOAT, ["B", *style_dims])
    mask = b.input("text_mask", TensorProto.FLOAT, ["B", 1, "T"])
    table = b.param(f"{prefix}.embed.weight", (vocab, dim), 1.0)
    x = b.op("Transpose", b.op("Gather", table, ids), perm=[0, 2, 1])
    return _mask(b, x, mask), style, mask


def duration_predictor(b: GraphBuilder, w: ReleasedWidths, vocab: int) -> None:
    x, style, mask = _text_front(b, vocab, "style_dp", STYLE_DP_DIMS, "dp", w.dp_dim)
    for i in range(6):
        x = convnext(b, x, mask, f"dp.convnext{i}", w.dp_dim, w.dp_inter, KERNEL)
    for i in range(2):
        x = transformer_layer_cf(b, x, mask, f"dp.attn{i}", w.dp_dim, w.dp_inter, w.dp_heads)
    style_flat = b.op("Reshape", style, b.ints(0, math.prod(STYLE_DP_DIMS)))
    cond = _gemm(b, style_flat, "dp.style", math.prod(STYLE_DP_DIMS), w.dp_dim)
    x = b.op("Add", x, b.op("Unsqueeze", b.op("Mul", cond, b.const(2.0)), b.ints(2)))
    h = conv(b, gelu(b, conv(b, x, "dp.mlp1", w.dp_dim, w.dp_dim * 2)), "dp.mlp2", w.dp_dim * 2, 1)
    per_position = b.op(
        "Add", b.op("Mul", b.op("Sigmoid", h), b.const(DURATION_SPAN_S)), b.const(DURATION_MIN_S)
    )
    total = b.op("ReduceSum", _mask(b, per_position, mask), b.ints(1, 2), keepdims=0)
    b.output(total, OUTPUT_NAMES["duration_predictor"], ["B"])


def text_encoder(b: GraphBuilder, w: ReleasedWidths, vocab: int) -> None:
    x, style, mask = _text_front(b, vocab, "style_ttl", STYLE_TTL_DIMS, "te", w.te_dim)
    for i in range(6):
        x = convnext(b, x, mask, f"te.convnext{i}", w.te_dim, w.te_inter, KERNEL)
    for i in range(4):
        x = transformer_layer_cf(b, x, mask, f"te.attn{i}", w.te_dim, w.te_inter, w.te_heads)
    dims = (w.te_dim, STYLE_TTL_DIMS[1], w.te_dim)
    x = cross_attention(b, x, mask, style, None, "te.style_attn", dims, 2)
    x = _mask(
        b,
        conv(b, layer_norm_cf(b, x, "te.out_norm", w.te_dim), "te.proj", w.te_dim, TEXT_EMB_DIM),
        mask,
    )
    b.output(x, OUTPUT_NAMES["text_encoder"], ["B", TEXT_EMB_DIM, "T"])


def _uncond_concat(b: GraphBuilder, cond: str, token_shape: tuple[int, ...], name: str) -> str:
    """[cond; learned unconditional tokens broadcast to cond's shape] on the batch axis."""
    token = b.param(name, token_shape, 1.0)
    return b.op("Concat", cond, b.op("Expand", token, b.op("Shape", cond)), axis=0)


def _time_mlp(b: GraphBuilder, current: str, total: str, dim: int) -> str:
    half = TIME_SINUSOID_DIM // 2
    freqs = 1000.0 * np.exp(-math.log(10_000.0) * np.arange(half) / half)
    t = b.op("Unsqueeze", b.op("Div", current, total), b.ints(1))
    phase = b.op("Mul", t, b.const(*freqs.tolist()))
    sinusoid = b.op("Concat", b.op("Sin", phase), b.op("Cos", phase), axis=1)
    return _gemm(
        b, gelu(b, _gemm(b, sinusoid, "ve.time1", TIME_SINUSOID_DIM, dim)), "ve.time2", dim, dim
    )


def vector_estimator(b: GraphBuilder, w: ReleasedWidths, _vocab: int) -> None:
    shapes = {
        "noisy_latent": ["B", LATENT_CHANNELS, "L"], "text_emb": ["B", TEXT_EMB_DIM, "T"],
        "style_ttl": ["B", *STYLE_TTL_DIMS], "latent_mask": ["B", 1, "L"],
        "text_mask": ["B", 1, "T"], "current_step": ["B"], "total_step": ["B"],
    }  # fmt: skip
    inputs = {name: b.input(name, TensorProto.FLOAT, shapes[name]) for name in VE_INPUT_ORDER}
    noisy, latent_mask, total = inputs["noisy_latent"], inputs["latent_mask"], inputs["total_step"]
    dim = w.ve_dim

    # Classifier-free guidance: both halves in one batch of 2B.
    x = b.op("Tile", noisy, b.ints(2, 1, 1))
    mask = b.op("Tile", latent_mask, b.ints(2, 1, 1))
    text_mask = b.op("Tile", inputs["text_mask"], b.ints(2, 1, 1))
    time = _time_mlp(
        b,
        b.op("Tile", inputs["current_step"], b.ints(2)),
        b.op("Tile", total, b.ints(2)),
        w.ve_time_dim,
    )
    text = _uncond_concat(b, inputs["text_emb"], (1, TEXT_EMB_DIM, 1), "ve.uncond_text")
    text = b.op("Transpose", text, perm=[0, 2, 1])  # [2B, T, 256]
    style = _uncond_concat(b, inputs["style_ttl"], (1, *STYLE_TTL_DIMS), "ve.uncond_style")

    x = _mask(b, conv(b, _mask(b, x, mask), "ve.proj_in", LATENT_CHANNELS, dim), mask)
    for c in range(VE_CYCLES):
        p = f"ve.cycle{c}"
        for j, dilation in enumerate(VE_DILATIONS):
            x = convnext(b, x, mask, f"{p}.convnext{j}", dim, w.ve_inter, KERNEL, dilation)
        cond = b.op("Unsqueeze", _gemm(b, time, f"{p}.time", w.ve_time_dim, dim), b.ints(2))
        x = _mask(b, b.op("Add", x, cond), mask)
        x = convnext(b, x, mask, f"{p}.convnext4", dim, w.ve_inter, KERNEL)
        x = cross_attention(
            b, x, mask, text, text_mask, f"{p}.text_attn", (dim, TEXT_EMB_DIM, dim), w.ve_heads
        )
        x = convnext(b, x, mask, f"{p}.convnext5", dim, w.ve_inter, KERNEL)
        x = cross_attention(
            b, x, mask, style, None, f"{p}.style_attn", (dim, STYLE_TTL_DIMS[1], w.ve_style_dim), 2
        )
    for i in range(VE_LAST_CONVNEXTS):
        x = convnext(b, x, mask, f"ve.last{i}", dim, w.ve_inter, KERNEL)
    v = conv(b, layer_norm_cf(b, x, "ve.out_norm", dim), "ve.proj_out", dim, LATENT_CHANNELS)
    v = _mask(b, b.op("Mul", b.op("Tanh", v), b.const(VELOCITY_BOUND)), mask)

    batch = b.op("Shape", noisy, start=0, end=1)
    v_cond = b.op("Slice", v, b.ints(0), batch, b.ints(0))
    v_uncond = b.op("Slice", v, batch, b.ints(2**62), b.ints(0))
    guided = b.op(
        "Sub", b.op("Mul", v_cond, b.const(CFG_COND)), b.op("Mul", v_uncond, b.const(CFG_UNCOND))
    )
    step = b.op("Div", guided, b.op("Reshape", total, b.ints(-1, 1, 1)))
    out = b.op("Mul", b.op("Add", noisy, step), latent_mask)
    b.output(out, OUTPUT_NAMES["vector_estimator"], ["B", LATENT_CHANNELS, "L"])


def vocoder(b: GraphBuilder, w: ReleasedWidths, _vocab: int) -> None:
    latent = b.input("latent", TensorProto.FLOAT, ["B", LATENT_CHANNELS, "L"])
    # Channel c*6+j is dim c of frame j: [B,24,6,L] -> [B,24,L,6] -> [B,24,L*6].
    frames = b.op("Reshape", latent, b.ints(0, LATENT_DIM, CHUNK_COMPRESS_FACTOR, -1))
    x = b.op("Reshape", b.op("Transpose", frames, perm=[0, 1, 3, 2]), b.ints(0, LATENT_DIM, -1))
    x = conv(
        b,
        edge_pad(b, x, VOCODER_KERNEL - 1, 0),
        "voc.in_conv",
        LATENT_DIM,
        w.voc_dim,
        VOCODER_KERNEL,
    )
    for i, dilation in enumerate(VOCODER_DILATIONS):
        x = convnext(
            b, x, None, f"voc.convnext{i}", w.voc_dim, w.voc_inter, VOCODER_KERNEL, dilation,
            causal=True,
        )  # fmt: skip
    x = b.op(
        "BatchNormalization", x,
        b.param("voc.bn.scale", (w.voc_dim,), NORM_JITTER, mean=1.0),
        b.param("voc.bn.bias", (w.voc_dim,), NORM_JITTER),
        b.param("voc.bn.mean", (w.voc_dim,), 0.1),
        b.param("voc.bn.var", (w.voc_dim,), 0.1, mean=1.0),
        epsilon=1e-5,
    )  # fmt: skip
    x = conv(b, edge_pad(b, x, 2, 0), "voc.head1", w.voc_dim, w.voc_head, 3)
    x = b.op("PRelu", x, b.param("voc.head.slope", (w.voc_head, 1), 0.05, mean=0.25))
    bank = _sinusoid_bank(b.rng(), w.voc_head)  # [head, 512]: each frame a mix of tones
    weight = b.fixed_param("voc.head2.weight", bank.T[:, :, None])
    samples = b.op("Conv", x, weight, kernel_shape=[1], pads=[0, 0])  # [B, 512, L*6]
    samples = b.op("Transpose", b.op("Tanh", samples), perm=[0, 2, 1])
    b.output(b.op("Reshape", samples, b.ints(0, -1)), OUTPUT_NAMES["vocoder"], ["B", "wav_len"])


GRAPHS: dict[str, Callable[[GraphBuilder, ReleasedWidths, int], None]] = {
    "duration_predictor": duration_predictor,
    "text_encoder": text_encoder,
    "vector_estimator": vector_estimator,
    "vocoder": vocoder,
}


def build(
    name: str, size: Size, vocab: int, rng: np.random.Generator | None
) -> tuple[onnx.ModelProto | None, int]:
    """The graph (None when `rng` is None: count only) and its parameter count."""
    b = GraphBuilder(name, rng, opset=OPSET, dims=DIM_NAMES)
    GRAPHS[name](b, WIDTHS[size], vocab)
    return (b.to_model() if rng is not None else None), b.param_count
