"""Building blocks shared by the four graphs.

Activations are channel-last, [B, T, C], so LayerNorm (axis -1) normalizes over
channels only and linear layers are plain MatMuls; they are transposed to [B, C, T]
only around convolutions. A position mask is [B, T, 1] with 1 on valid positions.

Padding invariance rests on three rules kept by every block here: a convolution
(the only op besides attention that mixes positions) always sees masked input,
attention adds a large negative bias on padded keys, and a block's output is masked.
Everything else is per position.
"""

from __future__ import annotations

import math

from model_layer.build.synthetic.builder import GraphBuilder

BIAS_STD = 0.05  # nonzero biases make padding leaks visible to the invariance tests
NORM_JITTER = 0.1  # LayerNorm scales 1 +/- this, shifts +/- this
MASKED_KEY_BIAS = -1e9  # exp() of this underflows to exactly 0 in float32


def linear(b: GraphBuilder, x: str, prefix: str, d_in: int, d_out: int, gain: float = 1.0) -> str:
    weight = b.param(f"{prefix}.weight", (d_in, d_out), gain / math.sqrt(d_in))
    bias = b.param(f"{prefix}.bias", (d_out,), BIAS_STD)
    return b.op("Add", b.op("MatMul", x, weight), bias)


def layer_norm(b: GraphBuilder, x: str, prefix: str, dim: int) -> str:
    scale = b.param(f"{prefix}.scale", (dim,), NORM_JITTER, mean=1.0)
    shift = b.param(f"{prefix}.shift", (dim,), NORM_JITTER)
    return b.op("LayerNormalization", x, scale, shift, axis=-1, epsilon=1e-5)


def gelu(b: GraphBuilder, x: str) -> str:
    # The exact erf form, spelled the way onnxruntime's GeluFusion recognizes, so the
    # optimized graph runs one fused Gelu kernel like an exported PyTorch model does.
    erf = b.op("Erf", b.op("Div", x, b.const(math.sqrt(2.0))))
    return b.op("Mul", b.op("Mul", x, b.op("Add", erf, b.const(1.0))), b.const(0.5))


def mask(b: GraphBuilder, x: str, position_mask: str | None) -> str:
    return x if position_mask is None else b.op("Mul", x, position_mask)


def conv1d(
    b: GraphBuilder,
    x: str,
    prefix: str,
    d_in: int,
    d_out: int,
    kernel: int,
    *,
    dilation: int = 1,
    depthwise: bool = False,
) -> str:
    """'Same' zero-padded convolution of a channel-last tensor."""
    fan_in = kernel if depthwise else d_in * kernel
    weight = b.param(
        f"{prefix}.weight", (d_out, 1 if depthwise else d_in, kernel), 1 / math.sqrt(fan_in)
    )
    bias = b.param(f"{prefix}.bias", (d_out,), BIAS_STD)
    pad = dilation * (kernel - 1) // 2
    y = b.op(
        "Conv",
        b.op("Transpose", x, perm=[0, 2, 1]),
        weight,
        bias,
        kernel_shape=[kernel],
        dilations=[dilation],
        pads=[pad, pad],
        group=d_out if depthwise else 1,
    )
    return b.op("Transpose", y, perm=[0, 2, 1])


def convnext(
    b: GraphBuilder,
    x: str,
    position_mask: str | None,
    prefix: str,
    dim: int,
    inter: int,
    kernel: int,
    dilation: int = 1,
    layer_scale: float = 0.3,
) -> str:
    """depthwise dilated conv -> LayerNorm -> dim->inter -> GELU -> inter->dim, residual.

    `layer_scale` plays ConvNeXt's learned per-block gain, folded into the last
    weight's scale, so a deep stack neither explodes nor degenerates to identity.
    """
    h = conv1d(
        b, mask(b, x, position_mask), f"{prefix}.dw", dim, dim, kernel,
        dilation=dilation, depthwise=True,
    )  # fmt: skip
    h = layer_norm(b, h, f"{prefix}.norm", dim)
    h = gelu(b, linear(b, h, f"{prefix}.pw1", dim, inter))
    h = linear(b, h, f"{prefix}.pw2", inter, dim, gain=layer_scale)
    return mask(b, b.op("Add", x, h), position_mask)


def key_bias(b: GraphBuilder, key_mask: str) -> str:
    """[B, 1, T] mask -> [B, 1, 1, T] additive attention bias: 0 valid, -1e9 padded."""
    bias = b.op("Mul", b.op("Sub", key_mask, b.const(1.0)), b.const(-MASKED_KEY_BIAS))
    return b.op("Unsqueeze", bias, b.ints(1))


def attention(
    b: GraphBuilder,
    query: str,
    memory: str,
    bias: str | None,
    prefix: str,
    d_query: int,
    d_memory: int,
    dim: int,
    heads: int,
) -> str:
    """Multi-head attention of [B, Tq, d_query] over [B, Tk, d_memory] -> [B, Tq, dim]."""
    head_dim = dim // heads
    split = b.ints(0, 0, heads, head_dim)
    q = b.op("Reshape", linear(b, query, f"{prefix}.q", d_query, dim), split)
    k = b.op("Reshape", linear(b, memory, f"{prefix}.k", d_memory, dim), split)
    v = b.op("Reshape", linear(b, memory, f"{prefix}.v", d_memory, dim), split)
    scores = b.op(
        "MatMul",
        b.op("Transpose", q, perm=[0, 2, 1, 3]),  # B, H, Tq, hd
        b.op("Transpose", k, perm=[0, 2, 3, 1]),  # B, H, hd, Tk
    )
    scores = b.op("Mul", scores, b.const(1 / math.sqrt(head_dim)))
    if bias is not None:
        scores = b.op("Add", scores, bias)
    weights = b.op("Softmax", scores, axis=-1)
    context = b.op("MatMul", weights, b.op("Transpose", v, perm=[0, 2, 1, 3]))
    context = b.op("Reshape", b.op("Transpose", context, perm=[0, 2, 1, 3]), b.ints(0, 0, dim))
    return linear(b, context, f"{prefix}.out", dim, dim)


def transformer_layer(
    b: GraphBuilder,
    x: str,
    position_mask: str,
    bias: str,
    prefix: str,
    dim: int,
    filter_dim: int,
    heads: int,
) -> str:
    """Post-norm self-attention + position-wise feed-forward, as in VITS-style encoders."""
    a = attention(b, x, x, bias, f"{prefix}.attn", dim, dim, dim, heads)
    x = mask(b, layer_norm(b, b.op("Add", x, a), f"{prefix}.norm1", dim), position_mask)
    f = gelu(b, linear(b, x, f"{prefix}.ffn1", dim, filter_dim))
    f = linear(b, f, f"{prefix}.ffn2", filter_dim, dim)
    return mask(b, layer_norm(b, b.op("Add", x, f), f"{prefix}.norm2", dim), position_mask)


def channel_last_mask(b: GraphBuilder, contract_mask: str) -> str:
    """The contract's [B, 1, T] mask as the [B, T, 1] multiplier used inside graphs."""
    return b.op("Transpose", contract_mask, perm=[0, 2, 1])
