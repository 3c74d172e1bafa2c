"""The optional compiled core of the search (tiangow/core/, built from core/python.cpp); everything else is in pyproject.toml.

The extension is optional: where it cannot be built the package installs without it and the
search runs the shipped WebAssembly build of the same source (``tiangow/ddcore.wasm``, on
wasmtime; same values). ``TIANGOW_PURE_BUILD=1`` leaves it out on purpose (the static site's
wheel, which Pyodide must be able to install, has no compiled extension).
"""

import glob
import os

from setuptools import Extension, setup
from setuptools.dist import Distribution


class _Distribution(Distribution):
    """Copies the data files in an editable install too.

    setuptools' editable wheel copies data files only if the distribution answers
    ``has_data()``, which only ``has_data_files()`` does; without this, ``pip install -e``
    leaves the lessons' Voilà template (``share/jupyter/voila/templates/tiangow``) out.
    """

    def has_data(self) -> bool:
        return bool(self.has_data_files())


TEMPLATE = "share/jupyter/voila/templates/tiangow"

extensions = [] if os.environ.get("TIANGOW_PURE_BUILD") else [
    Extension("tiangow.ddcore", ["tiangow/core/python.cpp"], depends=sorted(glob.glob("tiangow/core/*.h")), optional=True,
              language="c++",
              extra_compile_args=["-O2", "-std=c++17"]),
]

# The lessons' Voilà template (voila.json names it): Voilà's lab template without the CDN's
# icon font. The static site's wheel leaves it out (Pyodide has no Voilà).
data_files = [] if os.environ.get("TIANGOW_PURE_BUILD") else [
    (TEMPLATE, [f"{TEMPLATE}/conf.json", f"{TEMPLATE}/index.html.j2"]),
]

setup(ext_modules=extensions, data_files=data_files, distclass=_Distribution)
