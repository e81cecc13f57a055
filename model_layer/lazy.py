"""Names a package exports but imports on first use (PEP 562): what only some callers
need stays out of `import model_layer`, so the init phase can start loading the graphs
before the text front end imports (see model_layer.start_loading)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_attributes(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` for `package`: `homes` maps each lazy name to the module
    that defines it; the value is imported on first access and kept as a plain
    attribute of the package from then on."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
