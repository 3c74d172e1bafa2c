"""Where the course's pages are, from one another."""

from __future__ import annotations

import sys

__all__ = ["page_href"]


def page_href(notebook: str) -> str:
    """The link to a lesson's page from another one: the notebook under Voilà, and the page
    voici built from it in the static site, where the kernel runs in the browser.

    >>> page_href("01_tiles.ipynb")  # under Voilà
    '01_tiles.ipynb'
    """
    if sys.platform == "emscripten":
        return notebook.removesuffix(".ipynb") + ".html"
    return notebook
