"""The optional compiled core of the search (tiangow/ddcore.cpp); everything else is in pyproject.toml.

The extension is optional: where it cannot be built the package installs without it and the
search runs in pure Python (same values). ``TIANGOW_PURE_BUILD=1`` leaves it out on purpose
(the static site's wheel, which Pyodide must be able to install, stays pure).
"""

import os

from setuptools import Extension, setup

extensions = [] if os.environ.get("TIANGOW_PURE_BUILD") else [
    Extension("tiangow.ddcore", ["tiangow/ddcore.cpp"], optional=True, language="c++",
              extra_compile_args=["-O2", "-std=c++17"]),
]

setup(ext_modules=extensions)
