"""Benchmark: our engine and handler against the official `supertonic` package, same run.

    .venv/bin/python -m bench [--runs 5] [--soak 1000] [--json bench/results/latest.json]
                              [--cases cold,rss,rtf,latency,soak,threads,int8,text,batch,mixed-soak]
                              [--model-dir DIR] [--quick]

Every measurement runs in a fresh interpreter (`bench.worker`) that prints one result
line; the parent keeps medians with min and max over runs, checks the targets as
ratios to the official package, records machine noise, prints a markdown table and
writes JSON. Without --model-dir it uses the full-size synthetic model (generated
and cached on first use); --quick uses the tiny one.
"""
