"""Build time: what runs when an image (or a test model) is made, never in the function.

Graph preparation (`optimize`: exact rewrites, int8, the single-item path, each verified
against the released graph), per-op profiling, loudness calibration of the presets and
the synthetic-model generator. The run-time loader imports none of this: it reads what
the build wrote (`model_layer.prepared`).
"""
